import {
  formatDate,
  holidayApplies,
  mondayOf,
  parseDate,
  type BankEntryInput,
  type ClosingRule,
  type EmployeeInput,
  type HolidayInput,
  type LeaveInput,
  type OccurrenceInput,
  type PartialAdjustmentInput,
  type PeriodInput,
  type PunchInput,
  type PunchSource,
  type ScheduleAssignmentInput,
  type ScheduleChangeInput,
} from '@jornada/engine';
import type { FeriadoCalculo } from '../feriados/feriados.service.js';

/**
 * The pure half of the gather (issue 11 §5): what was read for one employee
 * and one closing period → the engine's `PeriodInput`. No I/O here, so the
 * equivalence test and the service build inputs through the same code.
 */

/** One closing period, inclusive 'yyyy-mm-dd'. */
export interface Periodo {
  inicio: string;
  fim: string;
}

/** The employee as the calculation sees it: the bond, its place and its histories. */
export interface FuncionarioCalculo {
  id: number;
  cnpjId: number;
  centroCustoId: number;
  /** The company's state and city (IBGE ids), for state and municipal holidays. */
  estadoId: number | null;
  cidadeId: number | null;
  /** The cost centre and its ancestors (a parent in a holiday list includes its children). */
  centrosCusto: number[];
  cargos: { cargoId: number; dataInicio: string; dataFinal: string | null }[];
}

/** Every dated input of one employee inside the read window, already in the engine's vocabulary. */
export interface EntradasFuncionario {
  /** The effective punches as the query answers them (`lerMarcacoes`' text): parsed only where the engine runs. */
  marcacoes: string;
  folgas: string[];
  exclusoesFeriado: string[];
  afastamentos: LeaveInput[];
  mudancasHorario: ScheduleChangeInput[];
  ocorrencias: OccurrenceInput[];
  ajustesParciais: PartialAdjustmentInput[];
  lancamentosBanco: BankEntryInput[];
  /** Redefinir Saldo months 'YYYY-MM'. */
  redefinicoesBanco: string[];
}

/**
 * Punches as one text, ',' between them, each its minute (wall clock, since
 * 1970-01-01: the engine's own unit) + source + 'D' when discarded + '+'/'-'
 * when moved: how the punch query answers (calculo.repository `entradas`),
 * and how a batch's punches cross to the engine's worker thread — a month of
 * 10,000 employees is over a million punches: as objects, their structured
 * clone cost seconds of CPU, and made on the thread that answers HTTP only to
 * be turned back into text, a third of its garbage (issue 26).
 */
export function lerMarcacoes(texto: string): PunchInput[] {
  if (texto === '') return [];
  return texto.split(',').map((s) => {
    let i = 0;
    let at = 0;
    for (let c = s.charCodeAt(0); c >= 48 && c <= 57; c = s.charCodeAt(++i)) at = at * 10 + (c - 48);
    const p: PunchInput = { at, source: s[i] as PunchSource };
    for (i++; i < s.length; i++) {
      const c = s[i];
      if (c === 'D') p.discarded = true;
      else if (c === '+') p.move = 1;
      else if (c === '-') p.move = -1;
    }
    return p;
  });
}

export const entradasVazias = (): EntradasFuncionario => ({
  marcacoes: '',
  folgas: [],
  exclusoesFeriado: [],
  afastamentos: [],
  mudancasHorario: [],
  ocorrencias: [],
  ajustesParciais: [],
  lancamentosBanco: [],
  redefinicoesBanco: [],
});

/**
 * A stretch of the engine's window in which the employee's position, cost
 * centre and company stay the same (decision 0050). Only the position has a
 * history today; the bond's company never changes and the cost centre is the
 * current one, so those split nothing yet — but the pieces carry them, so a
 * history added later only has to produce more pieces.
 */
export interface Peca {
  de: string;
  ate: string;
  cnpjId: number;
  centroCustoId: number;
  cargoId: number | null;
}

const dia = (s: string) => parseDate(s);
const data = (n: number) => formatDate(n);

/**
 * The days the engine reads for a period: whole Monday–Sunday weeks and 7
 * days before the first (interjornada), as `calculatePeriod` does.
 */
export function janelaMotor(p: Periodo): Periodo {
  return { inicio: data(mondayOf(dia(p.inicio)) - 7), fim: data(mondayOf(dia(p.fim)) + 6) };
}

/**
 * What the gather reads: the engine's window plus one day each side, so a
 * journey that crosses midnight at either edge is attributed with both of its
 * punches (spec §5.1).
 */
export function janelaLeitura(p: Periodo): Periodo {
  const j = janelaMotor(p);
  return { inicio: data(dia(j.inicio) - 1), fim: data(dia(j.fim) + 1) };
}

/** The pieces of `janela` (decision 0050): cut where a position history entry starts. */
export function pecas(f: FuncionarioCalculo, janela: Periodo): Peca[] {
  const de = dia(janela.inicio);
  const ate = dia(janela.fim);
  const cargoEm = (d: number): number | null => {
    let achado: number | null = null;
    for (const c of f.cargos) {
      if (dia(c.dataInicio) <= d && (c.dataFinal === null || d <= dia(c.dataFinal))) achado = c.cargoId;
    }
    return achado;
  };
  const cortes = new Set<number>([de]);
  for (const c of f.cargos) {
    for (const d of [dia(c.dataInicio), c.dataFinal === null ? NaN : dia(c.dataFinal) + 1]) {
      if (d > de && d <= ate) cortes.add(d);
    }
  }
  const inicios = [...cortes].sort((a, b) => a - b);
  const out: Peca[] = [];
  inicios.forEach((inicio, i) => {
    const fim = i + 1 < inicios.length ? inicios[i + 1]! - 1 : ate;
    const cargoId = cargoEm(inicio);
    const anterior = out[out.length - 1];
    // Two stretches with the same attributes are one piece (an entry closed and reopened with the same position).
    if (anterior && anterior.cargoId === cargoId) anterior.ate = data(fim);
    else out.push({ de: data(inicio), ate: data(fim), cnpjId: f.cnpjId, centroCustoId: f.centroCustoId, cargoId });
  });
  return out;
}

/** The employee of one piece, as the engine's holiday scopes read it (ids compared as text). */
function empregadoDaPeca(f: FuncionarioCalculo, p: Peca): EmployeeInput {
  return {
    state: f.estadoId === null ? null : String(f.estadoId),
    city: f.cidadeId === null ? null : String(f.cidadeId),
    costCentres: f.centrosCusto,
    position: p.cargoId,
  };
}

/** 'Exceção da Regra' (feriado_cargos/centros_custo with excecao, feriado_funcionarios_excecao). */
function excecao(h: FeriadoCalculo, f: FuncionarioCalculo, p: Peca): boolean {
  const x = h.links.excecoes;
  return (
    x.funcionarios.includes(f.id) ||
    (p.cargoId !== null && x.cargos.includes(p.cargoId)) ||
    f.centrosCusto.some((c) => x.centrosCustos.includes(c))
  );
}

/** The dates of [de, ate] on which a holiday falls: its date, or its day and month in every year for a fixed one. */
function datasDoFeriado(h: FeriadoCalculo, de: number, ate: number): number[] {
  if (!h.fixo) {
    const d = dia(h.data);
    return d >= de && d <= ate ? [d] : [];
  }
  const out: number[] = [];
  const mesDia = h.data.slice(4);
  for (let y = Number(data(de).slice(0, 4)); y <= Number(data(ate).slice(0, 4)); y++) {
    const s = String(y).padStart(4, '0') + mesDia;
    const n = parseDate(s);
    // 29/02 only in leap years: anything else is not that date.
    if (data(n) === s && n >= de && n <= ate) out.push(n);
  }
  return out;
}

/**
 * The holidays of the employee in the engine's window (decision 0050): each
 * piece resolves scope (spec §4.2) and exceptions with its own attributes,
 * and the engine gets the resulting dates as holidays that apply to everyone.
 * One engine call then covers the whole period, so weeks, DSR, interjornada and
 * the bank run across the pieces' borders as if there were none.
 */
export function feriadosResolvidos(
  feriados: readonly FeriadoCalculo[],
  f: FuncionarioCalculo,
  partes: readonly Peca[],
): HolidayInput[] {
  const datas = new Map<number, string>();
  for (const p of partes) {
    const empregado = empregadoDaPeca(f, p);
    const de = dia(p.de);
    const ate = dia(p.ate);
    for (const h of feriados) {
      if (excecao(h, f, p)) continue;
      const escopo: HolidayInput = {
        date: h.data,
        scope: h.abrangencia,
        state: h.estadoId === null ? null : String(h.estadoId),
        city: h.cidadeId === null ? null : String(h.cidadeId),
        costCentres: h.links.centrosCustos,
        positions: h.links.cargos,
      };
      if (!holidayApplies(escopo, empregado)) continue;
      for (const d of datasDoFeriado(h, de, ate)) if (!datas.has(d)) datas.set(d, h.descricao);
    }
  }
  return [...datas.entries()]
    .sort(([a], [b]) => a - b)
    .map(([d, descricao]) => ({ date: data(d), fixed: false, scope: 6, description: descricao }));
}

export interface EntradaPeriodo {
  periodo: Periodo;
  closing: ClosingRule;
  funcionario: FuncionarioCalculo;
  atribuicoes: ScheduleAssignmentInput[];
  entradas: EntradasFuncionario;
  feriados: readonly FeriadoCalculo[];
  /** saldoAnteriorBH: the previous period's stored final balance (0 when none). */
  saldoAnterior: number;
  /** Today on the tenant's calendar: it and later days are open (PeriodInput.openFrom; decision 0073). */
  hoje?: string;
}

/**
 * Everything gathered for one employee × period → the engine's input, and the pieces it was resolved in. With
 * `marcacoesEmTexto`, the punches stay in their text (`marcacoes`) and `input.punches` is empty: a batch parses
 * them on the thread its engine runs on (linhas-lote `calcularItens`).
 */
export function periodInput(
  e: EntradaPeriodo,
  opcoes: { marcacoesEmTexto?: boolean } = {},
): { input: PeriodInput; pecas: Peca[]; marcacoes?: string } {
  const partes = pecas(e.funcionario, janelaMotor(e.periodo));
  const x = e.entradas;
  return {
    pecas: partes,
    ...(opcoes.marcacoesEmTexto ? { marcacoes: x.marcacoes } : {}),
    input: {
      start: e.periodo.inicio,
      end: e.periodo.fim,
      closing: e.closing,
      schedules: e.atribuicoes,
      punches: opcoes.marcacoesEmTexto ? [] : lerMarcacoes(x.marcacoes),
      holidays: feriadosResolvidos(e.feriados, e.funcionario, partes),
      holidayExclusions: x.exclusoesFeriado,
      daysOff: x.folgas,
      leaves: x.afastamentos,
      scheduleChanges: x.mudancasHorario,
      occurrences: x.ocorrencias,
      partialAdjustments: x.ajustesParciais,
      previousBankBalance: e.saldoAnterior,
      bankEntries: x.lancamentosBanco,
      bankResets: x.redefinicoesBanco,
      ...(e.hoje !== undefined && e.hoje <= e.periodo.fim ? { openFrom: e.hoje } : {}),
    },
  };
}
