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
 * The columns of `calculo_dias` a batch sends, in the order of the INSERT
 * (calculo.repository `linhasDosDias`), with their array types. `dia` travels
 * as days since 1970-01-01.
 */
export const COLUNAS_LOTE = {
  funcionarioId: 'int',
  dia: 'int',
  cnpjId: 'int',
  centroCustoId: 'int',
  cargoId: 'int',
  escalaId: 'int',
  tipoDia: 'text',
  afastado: 'bool',
  irregular: 'bool',
  planejado: 'int',
  trabalhado: 'int',
  normal: 'int',
  atraso: 'int',
  saidaAntecipada: 'int',
  falta: 'int',
  excessoIntervalo: 'int',
  faltaMarcacao: 'int',
  faltaMarcacaoFlag: 'bool',
  horasExtras: 'int',
  noturnoReduzido: 'int',
  interjornada: 'int',
  intervaloSuprimido: 'int',
  abono: 'int',
  bancoCredito: 'int',
  bancoDebito: 'int',
  horasFaltantes: 'int',
  /** MD5 of every other column and of the rest: what a recalculation compares (decision 0078). */
  assinatura: 'uuid',
} as const;
export type ColunaLote = keyof typeof COLUNAS_LOTE;
const NOMES_COLUNAS = Object.keys(COLUNAS_LOTE) as ColunaLote[];
/** The columns the signature covers (all but itself), in their order. */
const COLUNAS_ASSINADAS = NOMES_COLUNAS.filter((c): c is Exclude<ColunaLote, 'assinatura'> => c !== 'assinatura');

/** What a LoteDias is made of: plain strings, so it crosses a worker thread as it is. */
export interface DadosLoteDias {
  /** The rows it carries: the days that differ from the stored ones (all, when none were given). */
  tamanho: number;
  /** Each column as the inside of a PostgreSQL array literal, every value preceded by a comma. */
  colunas: Record<ColunaLote, string>;
  /** The rest of each day (RestoDia) as JSON, every document preceded by a comma. */
  resultado: string;
  /** Every day calculated, carried or not (employee, days since 1970-01-01), each preceded by a comma: a stored day
   * of the period that is not among them is deleted. */
  chavesF: string;
  chavesN: string;
}

const valor = (v: number | boolean | null): string =>
  v === null ? 'NULL' : v === true ? 't' : v === false ? 'f' : `${v}`;

/** Each column's position in a batch's rows (COLUNAS_LOTE's order). */
const POSICAO = Object.fromEntries(NOMES_COLUNAS.map((c, i) => [c, i])) as Record<ColunaLote, number>;
const ASSINADAS = COLUNAS_ASSINADAS.length;
// The signed columns are the first ones, the signature the last (LoteDias.adicionar walks them by position).
if (POSICAO.assinatura !== ASSINADAS) throw new Error('COLUNAS_LOTE: assinatura deve ser a última coluna');

/**
 * The days of a batch, column by column, already in the text the writer
 * sends (decision 0049): one PostgreSQL array literal per column and one JSON
 * array for the rests. Built where the engine runs (a worker thread of the
 * CPU pool), so the thread that answers HTTP only joins strings: turning
 * thirty arrays of thousands of values into literals there held it for tens
 * of milliseconds a batch. Each column keeps its values in an array joined
 * once (`dados`): appending to thirty strings per day made ropes the
 * engine's thread spent more time building than it spent calculating.
 */
export class LoteDias {
  tamanho = 0;
  /** Per column (POSICAO), its values in order; a part joined from another thread is one element. */
  private readonly pedacos: string[][] = NOMES_COLUNAS.map(() => []);
  private readonly restos: string[] = [];
  private readonly chavesF: string[] = [];
  private readonly chavesN: string[] = [];
  /** One day's signed values, reused from day to day. */
  private readonly linha: string[] = new Array<string>(ASSINADAS);

  /**
   * One DayResult split into the columns and the rest, and signed (`assinatura`); a day whose signature is
   * `gravada` (the stored day's) is only counted among the days calculated: it need not travel (issue 26).
   */
  adicionar(d: DayResult, c: ContextoDia, gravada?: string): void {
    const v = this.linha;
    v[POSICAO.funcionarioId] = valor(c.funcionarioId);
    v[POSICAO.dia] = valor(parseDate(d.date));
    v[POSICAO.cnpjId] = valor(c.cnpjId);
    v[POSICAO.centroCustoId] = valor(c.centroCustoId);
    v[POSICAO.cargoId] = valor(c.cargoId);
    v[POSICAO.escalaId] = valor(c.escalaId);
    // A DayType is a plain lower-case word: no quoting needed inside the array literal.
    v[POSICAO.tipoDia] = d.dayType;
    v[POSICAO.afastado] = valor(c.afastado);
    v[POSICAO.irregular] = valor(d.irregular);
    v[POSICAO.planejado] = valor(d.planned);
    v[POSICAO.trabalhado] = valor(d.worked);
    v[POSICAO.normal] = valor(d.normal);
    v[POSICAO.atraso] = valor(d.atraso);
    v[POSICAO.saidaAntecipada] = valor(d.saidaAntecipada);
    v[POSICAO.falta] = valor(d.falta);
    v[POSICAO.excessoIntervalo] = valor(d.excessoIntervalo);
    v[POSICAO.faltaMarcacao] = valor(d.faltaMarcacao);
    v[POSICAO.faltaMarcacaoFlag] = valor(d.faltaMarcacaoFlag);
    v[POSICAO.horasExtras] = valor(somaFaixas(d.overtime) + somaFaixas(d.overtimeNight));
    v[POSICAO.noturnoReduzido] = valor(d.nightReduced);
    v[POSICAO.interjornada] = valor(d.interjornadaShortfall);
    v[POSICAO.intervaloSuprimido] = valor(d.intervaloSuprimido);
    v[POSICAO.abono] = valor(d.abono);
    v[POSICAO.bancoCredito] = valor(d.bankCredit);
    v[POSICAO.bancoDebito] = valor(d.bankDebit);
    v[POSICAO.horasFaltantes] = valor(d.horasFaltantes);
    this.chavesF.push(v[POSICAO.funcionarioId]!);
    this.chavesN.push(v[POSICAO.dia]!);
    const resto = JSON.stringify(restoDoDia(d));
    // The signed text: every value followed by '|', then the rest.
    const a = assinatura(`${v.join('|')}|${resto}`);
    if (a === gravada) return;
    this.tamanho += 1;
    for (let i = 0; i < ASSINADAS; i++) this.pedacos[i]!.push(v[i]!);
    this.pedacos[POSICAO.assinatura]!.push(a);
    this.restos.push(resto);
  }

  /** Appends another part of the batch, in order (a part from a worker thread arrives as plain data). */
  juntar(parte: DadosLoteDias): void {
    this.tamanho += parte.tamanho;
    NOMES_COLUNAS.forEach((c, i) => {
      if (parte.colunas[c] !== '') this.pedacos[i]!.push(parte.colunas[c].slice(1));
    });
    if (parte.resultado !== '') this.restos.push(parte.resultado.slice(1));
    if (parte.chavesF !== '') this.chavesF.push(parte.chavesF.slice(1));
    if (parte.chavesN !== '') this.chavesN.push(parte.chavesN.slice(1));
  }

  /** The batch as the writer sends it (and as it crosses threads): each column and the rests as one text. */
  dados(): DadosLoteDias {
    const comVirgula = (xs: readonly string[]) => (xs.length === 0 ? '' : `,${xs.join(',')}`);
    const colunas = Object.fromEntries(NOMES_COLUNAS.map((c, i) => [c, comVirgula(this.pedacos[i]!)])) as Record<
      ColunaLote,
      string
    >;
    return {
      tamanho: this.tamanho,
      colunas,
      resultado: comVirgula(this.restos),
      chavesF: comVirgula(this.chavesF),
      chavesN: comVirgula(this.chavesN),
    };
  }
}

/**
 * A 128-bit fingerprint of a stored day's text, as a uuid (decision 0078): four 32-bit lanes, each char code mixed
 * into every lane with a different odd multiplier, then each lane avalanched with the others. Not cryptographic:
 * it only tells a recalculated day from the one stored under the same key, where no one chooses the input, and two
 * different days agreeing on 128 bits will not happen. One pass in plain JavaScript: node:crypto's md5, called per
 * day, cost the engine's thread a fifth of its time.
 */
export function assinatura(texto: string): string {
  let a = 0x6a09e667;
  let b = 0xbb67ae85;
  let c = 0x3c6ef372;
  let d = 0xa54ff53a;
  for (let i = 0; i < texto.length; i++) {
    const k = texto.charCodeAt(i);
    a = b ^ Math.imul(a ^ k, 0x9e3779b1);
    b = c ^ Math.imul(b ^ k, 0x85ebca77);
    c = d ^ Math.imul(c ^ k, 0xc2b2ae3d);
    d = a ^ Math.imul(d ^ k, 0x27d4eb2f);
  }
  a = Math.imul(c ^ (a >>> 18), 0x85ebca6b);
  b = Math.imul(d ^ (b >>> 22), 0xc2b2ae35);
  c = Math.imul(a ^ (c >>> 17), 0x9e3779b1);
  d = Math.imul(b ^ (d >>> 19), 0x27d4eb2f);
  a ^= b ^ c ^ d;
  b ^= a;
  c ^= a;
  d ^= a;
  const h = [a, b, c, d].map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Column `c` of a batch as a PostgreSQL array literal. */
export const literalDaColuna = (d: DadosLoteDias, c: ColunaLote): string => `{${d.colunas[c].slice(1)}}`;

/** The rests of a batch's days as one JSON array. */
export const restosEmJson = (d: DadosLoteDias): string => `[${d.resultado.slice(1)}]`;

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
