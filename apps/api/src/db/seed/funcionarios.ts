import { and, eq } from 'drizzle-orm';
import type { Tx } from '../tenant-tx.js';
import { reindexarBuscaFuncionarios } from '../funcionario-busca.js';
import {
  cargos,
  centrosCusto,
  escalas,
  funcionarioAfastamentos,
  funcionarioCargos,
  funcionarioEscalas,
  funcionarios,
  motivosAfastamento,
} from '../schema/index.js';
import { addDays, localDate, type Clock } from '../../shared/clock.js';
import { cpfCheckDigits, pisCheckDigit } from '@jornada/contracts';
import { DEMO_ESCALAS } from './escalas.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

/** Employees the tests and the journeys look up by name. */
export const DEMO_FUNCIONARIOS = {
  /** Scheduled activation three days ahead (seed 001 §4): 'Editar Data para Ativação'. */
  aguardandoAtivacao: 'Beatriz Nogueira Prado',
  /** Changed schedule and position during the year. */
  comHistorico: 'Carlos Eduardo Ramos',
  /** Inactive, dismissed, with a definitive absence. */
  demitido: 'Rafael Cunha Barbosa',
  /** First job without PIS (decision 0032). */
  semPis: 'Lucas Martins Teixeira',
} as const;

const NOMES = [
  'Ana Paula',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João Pedro',
  'Juliana',
  'Leonardo',
  'Mariana',
  'Mateus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Renato',
  'Sabrina',
  'Thiago',
  'Vanessa',
  'Vinícius',
  'Aline',
  'André',
  'Bianca',
  'Caio',
  'Débora',
  'Fábio',
  'Helena',
  'Igor',
];
const SOBRENOMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Almeida',
  'Costa',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Rocha',
  'Dias',
  'Moreira',
  'Mendes',
  'Freitas',
  'Castro',
  'Vieira',
];

/**
 * Where the demo employees work: cost centre, schedule key, position, how many.
 * Every leaf of the demo tree gets someone, so the list's cost-centre filter
 * (with children) shows real numbers.
 */
interface Lotacao {
  centro: string;
  escala: string;
  cargo: string;
  /** Index into the tenant's CNPJs. */
  cnpj: number;
  n: number;
}

const LOTACOES: Record<DemoTenantKey, Lotacao[]> = {
  demo: [
    { cnpj: 0, centro: 'Contas a Pagar', escala: 'administrativo40h', cargo: 'Auxiliar Administrativo', n: 4 },
    { cnpj: 0, centro: 'Contas a Receber', escala: 'bancoHoras', cargo: 'Auxiliar Administrativo', n: 3 },
    {
      cnpj: 0,
      centro: 'Departamento Pessoal',
      escala: 'administrativo40h',
      cargo: 'Analista de Departamento Pessoal',
      n: 3,
    },
    { cnpj: 0, centro: 'Recrutamento e Seleção', escala: 'flexivel', cargo: 'Analista de Departamento Pessoal', n: 2 },
    { cnpj: 0, centro: 'Administrativo', escala: 'comercial44h', cargo: 'Recepcionista', n: 2 },
    { cnpj: 0, centro: 'Turno A', escala: 'producao6x1', cargo: 'Operador de Máquinas', n: 9 },
    { cnpj: 0, centro: 'Turno B', escala: 'producao6x1', cargo: 'Operador de Máquinas', n: 8 },
    { cnpj: 0, centro: 'Montagem', escala: 'comercial44h', cargo: 'Supervisor de Produção', n: 2 },
    { cnpj: 0, centro: 'Inspeção Final', escala: 'comercial44h', cargo: 'Técnico de Enfermagem', n: 2 },
    { cnpj: 0, centro: 'Qualidade', escala: 'comercial44h', cargo: 'Supervisor de Produção', n: 2 },
    { cnpj: 0, centro: 'Vendas Internas', escala: 'flexivel', cargo: 'Auxiliar Administrativo', n: 4 },
    { cnpj: 1, centro: 'Turno Noturno', escala: 'vigilancia12x36', cargo: 'Vigilante', n: 5 },
    { cnpj: 1, centro: 'Expedição', escala: 'comercial44h', cargo: 'Motorista', n: 5 },
    { cnpj: 1, centro: 'Armazém', escala: 'producao6x1', cargo: 'Operador de Máquinas', n: 5 },
  ],
  beta: [
    { cnpj: 0, centro: 'Turno 1', escala: 'turnoA', cargo: 'Soldador', n: 3 },
    { cnpj: 0, centro: 'Manutenção', escala: 'turno12x36', cargo: 'Encarregado de Turno', n: 2 },
    { cnpj: 0, centro: 'Operações', escala: 'turnoA', cargo: 'Almoxarife', n: 1 },
  ],
};

/** The named employees take the first places of the demo tenant, in this order. */
const NOMEADOS: Record<DemoTenantKey, string[]> = {
  demo: [
    DEMO_FUNCIONARIOS.comHistorico,
    DEMO_FUNCIONARIOS.demitido,
    DEMO_FUNCIONARIOS.semPis,
    DEMO_FUNCIONARIOS.aguardandoAtivacao,
  ],
  beta: [],
};

/** A valid CPF / PIS from a running number (deterministic; different per tenant). */
const cpf = (n: number) => {
  const base = String(300_000_000 + n * 7919).slice(-9);
  return base + cpfCheckDigits(base);
};
const pis = (n: number) => {
  const base = String(1_200_000_000 + n * 104_729).slice(-10);
  return base + pisCheckDigit(base);
};

async function idsPorNome<T extends { id: number }>(
  rows: Promise<(T & { nome: string })[]>,
): Promise<Map<string, number>> {
  return new Map((await rows).map((r) => [r.nome, r.id]));
}

/**
 * About 60 employees in the demo tenant over the cost-centre tree and both
 * CNPJs, a few in Beta (issue 10 §8). Each has its schedule and position
 * histories; some changed schedule or position during the last months, a
 * few are inactive with a demission and a definitive absence, some had an
 * absence (holidays, sick leave), one is awaiting activation and one has no
 * PIS yet. After the schedules (seed/escalas.ts).
 */
export async function seedFuncionarios(tx: Tx, tenants: SeededTenant[], clock: Clock): Promise<void> {
  const hoje = localDate(clock.now(), 'America/Sao_Paulo');
  const ano = Number(hoje.slice(0, 4));
  let numero = 0;
  for (const { key, tenantId, cnpjIds } of tenants) {
    const centros = await idsPorNome(
      tx
        .select({ id: centrosCusto.id, nome: centrosCusto.nome })
        .from(centrosCusto)
        .where(eq(centrosCusto.tenantId, tenantId)),
    );
    const cargosIds = await idsPorNome(
      tx.select({ id: cargos.id, nome: cargos.nome }).from(cargos).where(eq(cargos.tenantId, tenantId)),
    );
    const escalasIds = await idsPorNome(
      tx.select({ id: escalas.id, nome: escalas.descricao }).from(escalas).where(eq(escalas.tenantId, tenantId)),
    );
    const motivo = async (descricao: string) => {
      const [m] = await tx
        .select({ id: motivosAfastamento.id })
        .from(motivosAfastamento)
        .where(and(eq(motivosAfastamento.tenantId, tenantId), eq(motivosAfastamento.descricao, descricao)));
      return m!.id;
    };
    const [demissao, ferias, doenca] = [await motivo('Demissão'), await motivo('Férias'), await motivo('Doença')];
    const escalaDe = (k: string) => escalasIds.get((DEMO_ESCALAS[key] as Record<string, string>)[k]!)!;

    let i = 0;
    for (const lot of LOTACOES[key]) {
      for (let j = 0; j < lot.n; j++, i++) {
        numero++;
        const nome =
          NOMEADOS[key][i] ??
          `${NOMES[(i * 7 + (key === 'beta' ? 3 : 0)) % NOMES.length]} ${SOBRENOMES[(i * 3) % SOBRENOMES.length]} ${SOBRENOMES[(i * 11 + 5) % SOBRENOMES.length]}`;
        const semPis = nome === DEMO_FUNCIONARIOS.semPis;
        const aguardando = nome === DEMO_FUNCIONARIOS.aguardandoAtivacao;
        const demitido = nome === DEMO_FUNCIONARIOS.demitido || (key === 'demo' && i % 17 === 9);
        const recente = aguardando || semPis;
        const mudouEscala = !recente && (nome === DEMO_FUNCIONARIOS.comHistorico || i % 7 === 3);
        const promovido = !recente && (nome === DEMO_FUNCIONARIOS.comHistorico || i % 9 === 4);
        // Admissions spread over the last 12 years; the first job (no PIS) and the awaiting one are recent.
        const admissao = aguardando
          ? addDays(hoje, 3)
          : semPis
            ? addDays(hoje, -45)
            : `${ano - 1 - (i % 12)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
        const escalaFinal = escalaDe(lot.escala);
        const alternativa =
          key === 'demo'
            ? lot.escala === 'comercial44h'
              ? 'producao6x1'
              : 'comercial44h'
            : lot.escala === 'turnoA'
              ? 'turno12x36'
              : 'turnoA';
        const escalaInicial = mudouEscala ? escalaDe(alternativa) : escalaFinal;
        const cargoFinal = cargosIds.get(lot.cargo)!;
        const cargoInicial = promovido
          ? cargosIds.get(key === 'demo' ? 'Auxiliar Administrativo' : 'Almoxarife')!
          : cargoFinal;
        const dataDemissao = demitido ? addDays(hoje, -20 - (i % 30)) : null;
        const [row] = await tx
          .insert(funcionarios)
          .values({
            tenantId,
            cnpjId: cnpjIds[lot.cnpj]!,
            centroCustoId: centros.get(lot.centro)!,
            nome,
            nomeCurto: nome.split(' ')[0]!.slice(0, 12),
            dataNascimento: `${ano - 20 - (i % 35)}-${String(((i * 5) % 12) + 1).padStart(2, '0')}-${String(((i * 3) % 28) + 1).padStart(2, '0')}`,
            cpf: cpf(numero),
            pis: semPis ? null : pis(numero),
            email:
              i % 3 === 0
                ? `${nome
                    .split(' ')[0]!
                    .toLowerCase()
                    .normalize('NFD')
                    .replace(/[^a-z]/g, '')}.${numero}@exemplo.com.br`
                : null,
            cracha: String((key === 'demo' ? 1000 : 5000) + i + 1),
            registro: String(numero).padStart(6, '0'),
            dataAdmissao: admissao,
            dataDemissao,
            dataAtivacao: admissao,
            ativo: !demitido,
            // In clear: the seed has no key; the start-up step encrypts every clear PIN before any request
            // (db/senhas-teclado.ts, decision 0065).
            senhaTecladoCifrada: i % 5 === 0 ? String(1000 + ((i * 37) % 9000)).slice(0, 4) : null,
            duplaVerificacao: i % 10 === 0,
            criadoEm: clock.now(),
          })
          .returning({ id: funcionarios.id });
        const id = row!.id;
        // Changes during the last months: the old entry ends the day before the new one starts.
        const troca = addDays(hoje, -40 - (i % 20));
        if (escalaInicial !== escalaFinal) {
          await tx.insert(funcionarioEscalas).values([
            {
              tenantId,
              funcionarioId: id,
              escalaId: escalaInicial,
              dataInicio: admissao,
              dataFinal: addDays(troca, -1),
            },
            { tenantId, funcionarioId: id, escalaId: escalaFinal, dataInicio: troca },
          ]);
        } else {
          await tx
            .insert(funcionarioEscalas)
            .values({ tenantId, funcionarioId: id, escalaId: escalaFinal, dataInicio: admissao });
        }
        const promocao = addDays(hoje, -75 - (i % 15));
        if (cargoInicial !== cargoFinal) {
          await tx.insert(funcionarioCargos).values([
            {
              tenantId,
              funcionarioId: id,
              cargoId: cargoInicial,
              dataInicio: admissao,
              dataFinal: addDays(promocao, -1),
            },
            { tenantId, funcionarioId: id, cargoId: cargoFinal, dataInicio: promocao },
          ]);
        } else {
          await tx
            .insert(funcionarioCargos)
            .values({ tenantId, funcionarioId: id, cargoId: cargoFinal, dataInicio: admissao });
        }
        if (dataDemissao) {
          await tx
            .insert(funcionarioAfastamentos)
            .values({ tenantId, funcionarioId: id, motivoId: demissao, dataInicio: dataDemissao });
        } else if (!aguardando && !semPis && i % 6 === 1) {
          // Last year's holidays, closed.
          await tx.insert(funcionarioAfastamentos).values({
            tenantId,
            funcionarioId: id,
            motivoId: ferias,
            dataInicio: `${ano - 1}-07-01`,
            dataFinal: `${ano - 1}-07-30`,
          });
        } else if (!aguardando && !semPis && i % 13 === 2) {
          // On sick leave now (the edit's situação shows it).
          await tx
            .insert(funcionarioAfastamentos)
            .values({ tenantId, funcionarioId: id, motivoId: doenca, dataInicio: addDays(hoje, -5) });
        }
      }
    }
    // The list's search words (decision 0033), as the service writes them.
    await reindexarBuscaFuncionarios(tx, tenantId);
  }
}
