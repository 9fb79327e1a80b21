import type { Ciclo, ConfiguracaoEscala, DiaSemana } from '@jornada/contracts';
import { Afd671LineWriter, type Afd671Entry, type Afd671Input } from '@jornada/fiscal';
import type { Tx } from '../../db/tenant-tx.js';
import { addDays, localDate, type Clock } from '../../shared/clock.js';
import { afdRepository as repo, type DadosDemonstracao, type FuncionarioDemonstracao } from './afd.repository.js';
import { FusoDaEmpresa } from './fuso.js';
import { cadastrarRelogiosDemonstracao } from '../relogio-ponto/relogio-ponto.service.js';
import { importarConteudo } from './importacao.service.js';

/**
 * The demo punches (issue 11 §7; decision 0048): each demo company's clock
 * writes one AFD 671 (REP-C) per month for the last three months, punching
 * as its employees' schedules say — with late arrivals, forgotten punches,
 * overtime, absences, night shifts across midnight and the 12x36 rotations —
 * and the files go through the real import (`importarConteudo`) in the
 * seed's transaction. Deterministic: the same clock gives the same files.
 */

/** Someone hired but not registered yet: their punches stay 'sem vínculo' until they are. */
export const DEMO_SEM_CADASTRO = { cpf: '39053344705', nome: 'NOVO COLABORADOR' } as const;

/** Days before the seed's today the demo punches cover. */
export const DIAS_DEMONSTRACAO = 91;

/** mulberry32: a small seeded generator, so the demo is the same at every fresh start. */
function aleatorio(semente: number): () => number {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const entre = (r: () => number, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const diasEntre = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
/** 1 Sunday … 7 Saturday, as the schedule's week (seed 001). */
const diaDaSemana = (dia: string) => new Date(`${dia}T00:00:00Z`).getUTCDay() + 1;

type Horarios = Pick<DiaSemana, 'entrada1' | 'saida1' | 'entrada2' | 'saida2' | 'entrada3' | 'saida3'>;

/** The day's planned times in minutes from the day's midnight, crossing midnight where a time goes back. */
function planejados(h: Horarios): number[] {
  const out: number[] = [];
  for (const t of [h.entrada1, h.saida1, h.entrada2, h.saida2, h.entrada3, h.saida3]) {
    if (!t) continue;
    let m = minutos(t);
    while (out.length > 0 && m <= out[out.length - 1]!) m += 1440;
    out.push(m);
  }
  return out;
}

/** What the schedule asks on `dia`: the planned times and whether they are flexible. */
function jornadaDoDia(
  config: ConfiguracaoEscala,
  inicioEntrada: string,
  dia: string,
): { tempos: number[]; flexivel: boolean } {
  if (config.tipoEscala === 'ERC' && config.revezamento) {
    const sequencia: (Ciclo | null)[] = [];
    for (const c of config.revezamento.ciclos ?? []) {
      for (let k = 0; k < (c.fatorRepeticao ?? 1); k++) {
        for (let d = 0; d < (c.diasTrabalhados ?? 0); d++) sequencia.push(c);
        for (let d = 0; d < (c.diasFolgas ?? 0); d++) sequencia.push(null);
      }
    }
    if (sequencia.length === 0) return { tempos: [], flexivel: false };
    // Day 0 of the rotation is the first day of the employee's schedule entry (escala-engine's anchor).
    const n = diasEntre(inicioEntrada, dia);
    const c = sequencia[((n % sequencia.length) + sequencia.length) % sequencia.length];
    return { tempos: c ? planejados(c) : [], flexivel: false };
  }
  const d = config.quadroHorario?.diasDaSemana.find((x) => x.dia === diaDaSemana(dia));
  return d ? { tempos: planejados(d), flexivel: d.horarioFlexivel } : { tempos: [], flexivel: false };
}

/**
 * A person's punches of one day: the plan, a few minutes off each time, and
 * now and then what real days bring — an absence, a late arrival, overtime,
 * a forgotten punch. Minutes from the day's midnight.
 */
export function marcacoesDoDia(tempos: readonly number[], flexivel: boolean, semente: number): number[] {
  if (tempos.length === 0) return [];
  const r = aleatorio(semente);
  const sorte = r();
  if (sorte < 0.02) return [];
  const deslocamento = flexivel ? entre(r, -45, 75) : 0;
  const out = tempos.map((t, i) => t + deslocamento + (i % 2 === 0 ? entre(r, -9, 3) : entre(r, -2, 7)));
  if (r() < 0.09) out[0] = out[0]! + entre(r, 11, 48); // late arrival
  if (r() < 0.13) out[out.length - 1] = out[out.length - 1]! + entre(r, 25, 115); // overtime
  if (out.length >= 2 && r() < 0.035) out.splice(entre(r, 0, out.length - 1), 1); // forgotten punch
  for (let i = 1; i < out.length; i++) if (out[i]! <= out[i - 1]!) out[i] = out[i - 1]! + 1;
  return out;
}

/** yyyy-mm-dd + minutes → 'yyyy-mm-ddThh:mm' (minutes may pass midnight). */
function instante(dia: string, m: number): string {
  const d = addDays(dia, Math.floor(m / 1440));
  const resto = m % 1440;
  return `${d}T${String(Math.floor(resto / 60)).padStart(2, '0')}:${String(resto % 60).padStart(2, '0')}`;
}

function trabalha(f: FuncionarioDemonstracao, dia: string, feriados: DadosDemonstracao['feriados']): boolean {
  if (dia < f.dataAdmissao || (f.dataDemissao !== null && dia > f.dataDemissao)) return false;
  if (f.afastamentos.some(([a, b]) => a <= dia && (b === null || dia <= b))) return false;
  return !feriados.some((h) => h.data === dia || (h.fixo && h.data.slice(5) === dia.slice(5)));
}

interface PunchDemo {
  local: string;
  cpf: string;
}

/** The punches of the company's people from `inicio` to `fim` (inclusive), in time order. */
export function marcacoesDemonstracao(
  dados: DadosDemonstracao,
  cnpjId: number,
  inicio: string,
  fim: string,
  comSemCadastro: boolean,
): PunchDemo[] {
  const out: PunchDemo[] = [];
  for (const f of dados.funcionarios.filter((x) => x.cnpjId === cnpjId)) {
    // The day before the period too: a night shift that began then ends inside it.
    for (let dia = addDays(inicio, -1); dia <= fim; dia = addDays(dia, 1)) {
      if (!trabalha(f, dia, dados.feriados)) continue;
      const entrada = f.escalas.find((e) => e.dataInicio <= dia && (e.dataFinal === null || dia <= e.dataFinal));
      if (!entrada) continue;
      const { tempos, flexivel } = jornadaDoDia(entrada.configuracao as ConfiguracaoEscala, entrada.dataInicio, dia);
      const semente = f.id * 100_003 + diasEntre('2000-01-01', dia);
      for (const m of marcacoesDoDia(tempos, flexivel, semente)) out.push({ local: instante(dia, m), cpf: f.cpf });
    }
  }
  if (comSemCadastro) {
    // The last two weeks, weekdays, 08:00-12:00 / 13:00-17:00: someone the office has not registered yet.
    for (let dia = addDays(fim, -13); dia <= fim; dia = addDays(dia, 1)) {
      const semana = diaDaSemana(dia);
      if (semana === 1 || semana === 7) continue;
      for (const m of marcacoesDoDia([480, 720, 780, 1020], false, 7 * diasEntre('2000-01-01', dia))) {
        out.push({ local: instante(dia, m), cpf: DEMO_SEM_CADASTRO.cpf });
      }
    }
  }
  return out
    .filter((p) => p.local.slice(0, 10) >= inicio && p.local.slice(0, 10) <= fim)
    .sort((a, b) => (a.local < b.local ? -1 : a.local > b.local ? 1 : 0));
}

/** The months of [inicio, fim], each clipped to it. */
function meses(inicio: string, fim: string): { inicio: string; fim: string }[] {
  const out: { inicio: string; fim: string }[] = [];
  for (let d = inicio; d <= fim;) {
    const proximo = `${addDays(`${d.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
    const ultimo = addDays(proximo, -1);
    out.push({ inicio: d, fim: ultimo < fim ? ultimo : fim });
    d = proximo;
  }
  return out;
}

const RESPONSAVEL = '52998224725';
const FABRICANTE = { idKind: 1 as const, id: '11444777000161' };

/**
 * The demo step of this module (modules/demo-seed.ts): for each demo tenant
 * and company, the monthly AFD files written and imported.
 */
export async function seedMarcacoesDemonstracao(
  tx: Tx,
  tenants: readonly { tenantId: number; key: string }[],
  clock: Clock,
): Promise<void> {
  for (const { tenantId, key } of tenants) {
    const dados = await repo.dadosDemonstracao(tx, tenantId);
    for (const [i, empresa] of dados.empresas.entries()) {
      // The clock stands in the company: it writes its local times with the offset of the company's zone.
      const fuso = new FusoDaEmpresa(empresa.fuso);
      const at = (local: string) => ({ local, offset: fuso.deslocamentoDaHoraLocal(local) });
      const hoje = localDate(clock.now(), empresa.fuso);
      const fim = addDays(hoje, -1);
      const inicio = addDays(hoje, -DIAS_DEMONSTRACAO);
      const comSemCadastro = key === 'demo' && i === 0;
      const punches = marcacoesDemonstracao(dados, empresa.id, inicio, fim, comSemCadastro);
      const repIdentifier = String(40_000_000_000 + tenantId * 100 + i).padStart(17, '0');
      // The company's clock is registered in Relógio de Ponto (issue 25 §6); the main company also has a push one.
      await cadastrarRelogiosDemonstracao(tx, tenantId, empresa.id, [
        { numeroSerie: repIdentifier, localInstalacao: 'Recepção' },
        ...(comSemCadastro
          ? [
              {
                numeroSerie: String(Number(repIdentifier) + 50).padStart(17, '0'),
                localInstalacao: 'Portaria de serviço',
                // An access-line face reader in push mode (spec/devices.md §1.4): the IdFace, portaria 1510.
                fabricante: 'ControlId IdFace' as const,
                modelo: 'ControlId IdFace' as const,
                portaria: '1510' as const,
                tipoServico: 'Push' as const,
                idCloud: String(900_000 + tenantId),
              },
            ]
          : []),
      ]);
      const input: Omit<Afd671Input, 'entries'> = {
        repKind: 'REP_C',
        employer: {
          idKind: empresa.tipoNumeroDocumento === 'cpf' ? 2 : 1,
          id: empresa.numero,
          name: empresa.razaoSocial.slice(0, 150),
        },
        repIdentifier,
        developer: FABRICANTE,
        model: 'REP-C DEMONSTRACAO',
        firstDate: inicio,
        lastDate: fim,
        generatedAt: at(`${hoje}T06:00`),
      };
      let firstNsr = 1;
      for (const [m, mes] of meses(inicio, fim).entries()) {
        const w = new Afd671LineWriter({ ...input, firstDate: mes.inicio, lastDate: mes.fim, firstNsr });
        const linhas = [w.header()];
        const entries: Afd671Entry[] = [];
        if (m === 0) {
          // The clock's set-up at the first file: the employer and everyone registered on it.
          entries.push({
            type: 2,
            recordedAt: at(`${mes.inicio}T06:00`),
            responsibleCpf: RESPONSAVEL,
            employer: input.employer,
            workplace: 'SEDE',
          });
          for (const f of dados.funcionarios.filter((x) => x.cnpjId === empresa.id)) {
            entries.push({
              type: 5,
              recordedAt: at(`${mes.inicio}T06:01`),
              operation: 'I',
              cpf: f.cpf,
              name: f.nome.toUpperCase().slice(0, 52),
              responsibleCpf: RESPONSAVEL,
            });
          }
        }
        for (const p of punches) {
          const dia = p.local.slice(0, 10);
          if (dia >= mes.inicio && dia <= mes.fim) entries.push({ type: 3, dateTime: at(p.local), cpf: p.cpf });
        }
        for (const e of entries) linhas.push(w.entry(e));
        linhas.push(w.trailer());
        firstNsr = w.lastNsr + 1;
        const bytes = Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1');
        const importacaoId = await repo.criarImportacao(tx, {
          tenantId,
          cnpjId: empresa.id,
          solicitacaoId: null,
          portaria: '671',
          dataInicio: mes.inicio,
          dataFinal: mes.fim,
          arquivo: `demonstracao-${empresa.numero}-${mes.inicio.slice(0, 7)}.txt`,
          now: clock.now(),
        });
        const imp = await repo.importacao(tx, tenantId, importacaoId);
        await importarConteudo({ tenantId, imp: imp!, transacao: (fn) => fn(tx), fonte: [bytes], bytes: bytes.length });
      }
    }
  }
}
