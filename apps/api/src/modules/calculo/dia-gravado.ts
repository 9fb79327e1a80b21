import { parseDate, type DayResult } from '@jornada/engine';

/**
 * How a DayResult is stored (decision 0049): the numbers and flags the time
 * sheet and the reports filter or sum on go to columns of `calculo_dias`;
 * everything else goes to `resultado` (jsonb) with its empty values left
 * out. Splitting keeps a stored day at a fifth of the whole document's size
 * (the write of a month of 10,000 employees is dominated by it). `LoteDias`
 * splits, column by column; `resultadoDoDia` reassembles the engine's
 * DayResult exactly — the equivalence test compares the reassembled days with
 * `calculatePeriod`.
 */

/** The DayResult fields kept as columns, by column name. */
export interface ColunasDia {
  dia: string;
  tipoDia: string;
  irregular: boolean;
  planejado: number;
  trabalhado: number;
  normal: number;
  atraso: number;
  saidaAntecipada: number;
  falta: number;
  excessoIntervalo: number;
  faltaMarcacao: number;
  faltaMarcacaoFlag: boolean;
  noturnoReduzido: number;
  interjornada: number;
  intervaloSuprimido: number;
  abono: number;
  bancoCredito: number;
  bancoDebito: number;
  horasFaltantes: number;
}

/** The rest of a DayResult, as stored in `resultado` (empty values absent). */
export type RestoDia = Partial<
  Pick<
    DayResult,
    | 'column'
    | 'overtime'
    | 'overtimeNight'
    | 'overtimeNightReduced'
    | 'nightReal'
    | 'descricaoEventos'
    | 'explained'
    | 'flags'
    | 'effectivePunches'
    | 'pairs'
    | 'orphans'
    | 'endsWithOrphanEntry'
  >
>;

const LISTAS = ['descricaoEventos', 'explained', 'flags', 'effectivePunches', 'pairs', 'orphans'] as const;
const FAIXAS = ['overtime', 'overtimeNight', 'overtimeNightReduced'] as const;

const vazio = (o: object) => {
  for (const _ in o) return false;
  return true;
};

/** Σ of a band map's minutes. */
export const somaFaixas = (b: Record<string, number>): number => {
  let s = 0;
  for (const k in b) s += b[k]!;
  return s;
};

/** The rest of a DayResult (what is not a column), empty values left out. */
export function restoDoDia(d: DayResult): RestoDia {
  const resto: RestoDia = { column: d.column };
  for (const k of FAIXAS) if (!vazio(d[k])) resto[k] = d[k];
  if (d.nightReal !== 0) resto.nightReal = d.nightReal;
  for (const k of LISTAS) if (d[k].length > 0) (resto as Record<string, unknown>)[k] = d[k];
  if (d.endsWithOrphanEntry) resto.endsWithOrphanEntry = true;
  return resto;
}

/** What a stored day knows beside its DayResult: the employee and the piece of the period it belongs to. */
export interface ContextoDia {
  funcionarioId: number;
  cnpjId: number;
  centroCustoId: number;
  cargoId: number | null;
  escalaId: number | null;
  afastado: boolean;
}

/**
 * The days of a batch, column by column, as the writer sends them (one
 * array per column of `calculo_dias`): a month of hundreds of employees is
 * thousands of days, and one object per day with thirty fields cost more
 * than calculating it.
 */
export class LoteDias {
  readonly funcionarioId: number[] = [];
  /** Days since 1970-01-01 (numbers travel without quoting). */
  readonly dia: number[] = [];
  readonly cnpjId: number[] = [];
  readonly centroCustoId: number[] = [];
  readonly cargoId: (number | null)[] = [];
  readonly escalaId: (number | null)[] = [];
  readonly tipoDia: string[] = [];
  readonly afastado: boolean[] = [];
  readonly irregular: boolean[] = [];
  readonly planejado: number[] = [];
  readonly trabalhado: number[] = [];
  readonly normal: number[] = [];
  readonly atraso: number[] = [];
  readonly saidaAntecipada: number[] = [];
  readonly falta: number[] = [];
  readonly excessoIntervalo: number[] = [];
  readonly faltaMarcacao: number[] = [];
  readonly faltaMarcacaoFlag: boolean[] = [];
  readonly horasExtras: number[] = [];
  readonly noturnoReduzido: number[] = [];
  readonly interjornada: number[] = [];
  readonly intervaloSuprimido: number[] = [];
  readonly abono: number[] = [];
  readonly bancoCredito: number[] = [];
  readonly bancoDebito: number[] = [];
  readonly horasFaltantes: number[] = [];
  /** The rest of each DayResult, serialised. */
  readonly resultado: string[] = [];

  get tamanho(): number {
    return this.dia.length;
  }

  /** One DayResult split into the columns and the rest. */
  adicionar(d: DayResult, c: ContextoDia): void {
    this.funcionarioId.push(c.funcionarioId);
    this.dia.push(parseDate(d.date));
    this.cnpjId.push(c.cnpjId);
    this.centroCustoId.push(c.centroCustoId);
    this.cargoId.push(c.cargoId);
    this.escalaId.push(c.escalaId);
    this.tipoDia.push(d.dayType);
    this.afastado.push(c.afastado);
    this.irregular.push(d.irregular);
    this.planejado.push(d.planned);
    this.trabalhado.push(d.worked);
    this.normal.push(d.normal);
    this.atraso.push(d.atraso);
    this.saidaAntecipada.push(d.saidaAntecipada);
    this.falta.push(d.falta);
    this.excessoIntervalo.push(d.excessoIntervalo);
    this.faltaMarcacao.push(d.faltaMarcacao);
    this.faltaMarcacaoFlag.push(d.faltaMarcacaoFlag);
    this.horasExtras.push(somaFaixas(d.overtime) + somaFaixas(d.overtimeNight));
    this.noturnoReduzido.push(d.nightReduced);
    this.interjornada.push(d.interjornadaShortfall);
    this.intervaloSuprimido.push(d.intervaloSuprimido);
    this.abono.push(d.abono);
    this.bancoCredito.push(d.bankCredit);
    this.bancoDebito.push(d.bankDebit);
    this.horasFaltantes.push(d.horasFaltantes);
    this.resultado.push(JSON.stringify(restoDoDia(d)));
  }
}

/** A stored day (its columns and `resultado`) → the engine's DayResult. */
export function resultadoDoDia(c: ColunasDia, resto: RestoDia): DayResult {
  return {
    date: c.dia,
    dayType: c.tipoDia as DayResult['dayType'],
    column: resto.column!,
    planned: c.planejado,
    worked: c.trabalhado,
    normal: c.normal,
    atraso: c.atraso,
    saidaAntecipada: c.saidaAntecipada,
    falta: c.falta,
    excessoIntervalo: c.excessoIntervalo,
    faltaMarcacao: c.faltaMarcacao,
    faltaMarcacaoFlag: c.faltaMarcacaoFlag,
    overtime: resto.overtime ?? {},
    overtimeNight: resto.overtimeNight ?? {},
    overtimeNightReduced: resto.overtimeNightReduced ?? {},
    nightReal: resto.nightReal ?? 0,
    nightReduced: c.noturnoReduzido,
    interjornadaShortfall: c.interjornada,
    intervaloSuprimido: c.intervaloSuprimido,
    abono: c.abono,
    bankCredit: c.bancoCredito,
    bankDebit: c.bancoDebito,
    horasFaltantes: c.horasFaltantes,
    irregular: c.irregular,
    descricaoEventos: resto.descricaoEventos ?? [],
    explained: resto.explained ?? [],
    flags: resto.flags ?? [],
    effectivePunches: resto.effectivePunches ?? [],
    pairs: resto.pairs ?? [],
    orphans: resto.orphans ?? [],
    endsWithOrphanEntry: resto.endsWithOrphanEntry ?? false,
  };
}
