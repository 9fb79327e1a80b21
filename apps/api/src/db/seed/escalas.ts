import { escalaApi, type Ciclo, type ConfiguracaoEscala, type DiaSemana } from '@jornada/contracts';
import type { Tx } from '../tenant-tx.js';
import { escalaCiclosListas, escalaVersoes, escalas } from '../schema/index.js';
import { localDate, type Clock } from '../../shared/clock.js';
import { documentoVersao } from '../../shared/escala-documento.js';
import type { DemoTenantKey, SeededTenant } from './tenancy.js';

const { ESCALA_PADRAO, PRESETS_QUADRO, VALIDA_DESDE_INICIAL, errosConfiguracaoEscala } = escalaApi;

/**
 * The demo schedules' descriptions: the employees' seed (and tests) look the
 * schedules up by these.
 */
export const DEMO_ESCALAS = {
  demo: {
    comercial44h: 'Comercial 44h Seg-Sáb',
    administrativo40h: 'Administrativo 40h Seg-Sex',
    vigilancia12x36: 'Vigilância 12x36 Noturno',
    producao6x1: 'Produção 6x1',
    flexivel: 'Horário Flexível 40h',
    bancoHoras: 'Administrativo 40h com Banco de Horas',
  },
  beta: {
    turnoA: 'Turno A 44h Seg-Sáb',
    turno12x36: 'Turno 12x36 Diurno',
  },
} as const satisfies Record<DemoTenantKey, Record<string, string>>;

/** The demo cycle lists' descriptions. */
export const DEMO_CICLOS = {
  demo: { noturno12x36: '12x36 Noturno 19:00-07:00', seisPorUm: '6x1 06:00-14:20' },
  beta: { diurno12x36: '12x36 Diurno 07:00-19:00' },
} as const satisfies Record<DemoTenantKey, Record<string, string>>;

type CicloSemento = Pick<Ciclo, 'diasTrabalhados' | 'diasFolgas' | 'fatorRepeticao'> & { turnos: string[][] };

const ciclo = (posicao: number, c: CicloSemento): Ciclo => {
  const [t1, t2, t3] = c.turnos;
  return {
    posicao,
    diasTrabalhados: c.diasTrabalhados,
    diasFolgas: c.diasFolgas,
    fatorRepeticao: c.fatorRepeticao,
    entrada1: t1?.[0] ?? null,
    saida1: t1?.[1] ?? null,
    entrada2: t2?.[0] ?? null,
    saida2: t2?.[1] ?? null,
    entrada3: t3?.[0] ?? null,
    saida3: t3?.[1] ?? null,
  };
};

const CICLOS: Record<DemoTenantKey, { descricao: string; ciclos: Ciclo[] }[]> = {
  demo: [
    {
      descricao: DEMO_CICLOS.demo.noturno12x36,
      ciclos: [
        ciclo(1, {
          diasTrabalhados: 1,
          diasFolgas: 1,
          fatorRepeticao: 1,
          turnos: [
            ['19:00', '00:00'],
            ['01:00', '07:00'],
          ],
        }),
      ],
    },
    {
      descricao: DEMO_CICLOS.demo.seisPorUm,
      ciclos: [
        ciclo(1, {
          diasTrabalhados: 6,
          diasFolgas: 1,
          fatorRepeticao: 1,
          turnos: [
            ['06:00', '10:00'],
            ['11:00', '14:20'],
          ],
        }),
      ],
    },
  ],
  beta: [
    {
      descricao: DEMO_CICLOS.beta.diurno12x36,
      ciclos: [
        ciclo(1, {
          diasTrabalhados: 1,
          diasFolgas: 1,
          fatorRepeticao: 1,
          turnos: [
            ['07:00', '12:00'],
            ['13:00', '19:00'],
          ],
        }),
      ],
    },
  ],
};

const preset = (chave: string): DiaSemana[] => structuredClone(PRESETS_QUADRO.find((p) => p.chave === chave)!.dias);

const quadro = (dias: DiaSemana[]) => ({ validarFechamento: false, horasFechamento: null, diasDaSemana: dias });

/** A configuration on the seed defaults (seed 001 §9) with the given changes. */
function configuracao(descricao: string, over: Partial<ConfiguracaoEscala>): ConfiguracaoEscala {
  return { ...structuredClone(ESCALA_PADRAO), descricao, ...over };
}

/** A rotation on a cycle list: the version holds its own copy of the cycles (decision 0027). */
function rotacao(descricao: string, lista: { descricao: string; ciclos: Ciclo[] }): ConfiguracaoEscala {
  return configuracao(descricao, {
    tipoEscala: 'ERC',
    quadroHorario: null,
    // The cycle list id is filled in once the list exists (see seedEscalas).
    revezamento: {
      idCiclo: null,
      descricaoCiclos: lista.descricao,
      ciclos: lista.ciclos,
      validarFechamento: false,
      horasFechamento: null,
    },
  });
}

function escalasDe(key: DemoTenantKey, ano: number): ConfiguracaoEscala[] {
  const [noturno, seisPorUm, diurno] = [CICLOS.demo[0]!, CICLOS.demo[1]!, CICLOS.beta[0]!];
  if (key === 'beta') {
    return [
      configuracao(DEMO_ESCALAS.beta.turnoA, { quadroHorario: quadro(preset('44h-0800-1700-seg-sab')) }),
      rotacao(DEMO_ESCALAS.beta.turno12x36, diurno),
    ];
  }
  const flexivel = preset('40h-0800-1700-seg-sex').map((d) => ({ ...d, horarioFlexivel: d.entrada1 !== null }));
  const banco = configuracao(DEMO_ESCALAS.demo.bancoHoras, {
    quadroHorario: quadro(preset('40h-0900-1800-seg-sex')),
    incluirBancoHoras: true,
    politicaHoraExtra: { ...ESCALA_PADRAO.politicaHoraExtra, prioridadeHoraExtra: 1 },
    politicaBancoHora: { periodoInicial: `${ano}-01`, periodoFinal: `${ano}-12`, acordoIndividual: false },
    bancoHoraArmazenamento: {
      ...ESCALA_PADRAO.bancoHoraArmazenamento!,
      faltas: true,
      atrasos: true,
      saidasAntecipadas: true,
      ...Object.fromEntries(
        (['Segunda', 'Terca', 'Quarta', 'Quinta', 'Sexta', 'Sabados'] as const).map((d) => [
          d,
          { horaExtra: true, limiteHE: '02:00' },
        ]),
      ),
    },
    bancoHoraTransferencia: { ...ESCALA_PADRAO.bancoHoraTransferencia!, fatorSabados: '1,5' },
  });
  return [
    configuracao(DEMO_ESCALAS.demo.comercial44h, { quadroHorario: quadro(preset('44h-0800-1700-seg-sab')) }),
    configuracao(DEMO_ESCALAS.demo.administrativo40h, { quadroHorario: quadro(preset('40h-0800-1700-seg-sex')) }),
    rotacao(DEMO_ESCALAS.demo.vigilancia12x36, noturno),
    rotacao(DEMO_ESCALAS.demo.producao6x1, seisPorUm),
    configuracao(DEMO_ESCALAS.demo.flexivel, { quadroHorario: quadro(flexivel) }),
    banco,
  ];
}

/**
 * The demo schedules (issue 10 §8): cycle lists first, then each schedule
 * with its one version valid from the beginning, stored exactly as the API
 * stores a save (the contract's document, rotations with their cycles
 * copied in).
 */
export async function seedEscalas(tx: Tx, tenants: SeededTenant[], clock: Clock): Promise<void> {
  const ano = Number(localDate(clock.now(), 'America/Sao_Paulo').slice(0, 4));
  for (const { key, tenantId } of tenants) {
    const listas = new Map<string, { id: number; descricao: string; ciclos: Ciclo[] }>();
    for (const l of CICLOS[key]) {
      const [row] = await tx
        .insert(escalaCiclosListas)
        .values({ tenantId, descricao: l.descricao, ciclos: l.ciclos, quantidade: l.ciclos.length })
        .returning({ id: escalaCiclosListas.id });
      listas.set(l.descricao, { ...l, id: row!.id });
    }
    for (const c of escalasDe(key, ano)) {
      const lista = c.revezamento?.descricaoCiclos ? listas.get(c.revezamento.descricaoCiclos)! : null;
      if (lista) c.revezamento!.idCiclo = lista.id;
      const erros = errosConfiguracaoEscala(c);
      if (erros.length > 0) throw new Error(`Escala de demonstração inválida: ${c.descricao}: ${erros[0]!.mensagem}`);
      const documento = documentoVersao(c, lista);
      const [row] = await tx
        .insert(escalas)
        .values({ tenantId, descricao: c.descricao, tipo: c.tipoEscala })
        .returning({ id: escalas.id });
      await tx
        .insert(escalaVersoes)
        .values({ tenantId, escalaId: row!.id, validaDesde: VALIDA_DESDE_INICIAL, configuracao: documento });
    }
  }
}
