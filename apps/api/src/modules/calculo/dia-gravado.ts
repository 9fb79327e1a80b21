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
  tamanho: number;
  /** Each column as the inside of a PostgreSQL array literal, every value preceded by a comma. */
  colunas: Record<ColunaLote, string>;
  /** The rest of each day (RestoDia) as JSON, every document preceded by a comma. */
  resultado: string;
}

const valor = (v: number | boolean | null): string =>
  v === null ? 'NULL' : v === true ? 't' : v === false ? 'f' : `${v}`;

/**
 * The days of a batch, column by column, already in the text the writer
 * sends (decision 0049): one PostgreSQL array literal per column and one JSON
 * array for the rests. Built where the engine runs (a worker thread of the
 * CPU pool), so the thread that answers HTTP only joins strings: turning
 * thirty arrays of thousands of values into literals there held it for tens
 * of milliseconds a batch.
 */
export class LoteDias implements DadosLoteDias {
  tamanho = 0;
  readonly colunas = Object.fromEntries(NOMES_COLUNAS.map((c) => [c, ''])) as Record<ColunaLote, string>;
  resultado = '';

  /** One DayResult split into the columns and the rest, and signed (`assinatura`). */
  adicionar(d: DayResult, c: ContextoDia): void {
    this.tamanho += 1;
    const valores: Record<Exclude<ColunaLote, 'assinatura'>, string> = {
      funcionarioId: valor(c.funcionarioId),
      dia: valor(parseDate(d.date)),
      cnpjId: valor(c.cnpjId),
      centroCustoId: valor(c.centroCustoId),
      cargoId: valor(c.cargoId),
      escalaId: valor(c.escalaId),
      // A DayType is a plain lower-case word: no quoting needed inside the array literal.
      tipoDia: d.dayType,
      afastado: valor(c.afastado),
      irregular: valor(d.irregular),
      planejado: valor(d.planned),
      trabalhado: valor(d.worked),
      normal: valor(d.normal),
      atraso: valor(d.atraso),
      saidaAntecipada: valor(d.saidaAntecipada),
      falta: valor(d.falta),
      excessoIntervalo: valor(d.excessoIntervalo),
      faltaMarcacao: valor(d.faltaMarcacao),
      faltaMarcacaoFlag: valor(d.faltaMarcacaoFlag),
      horasExtras: valor(somaFaixas(d.overtime) + somaFaixas(d.overtimeNight)),
      noturnoReduzido: valor(d.nightReduced),
      interjornada: valor(d.interjornadaShortfall),
      intervaloSuprimido: valor(d.intervaloSuprimido),
      abono: valor(d.abono),
      bancoCredito: valor(d.bankCredit),
      bancoDebito: valor(d.bankDebit),
      horasFaltantes: valor(d.horasFaltantes),
    };
    const resto = JSON.stringify(restoDoDia(d));
    let linha = '';
    for (const col of COLUNAS_ASSINADAS) {
      this.colunas[col] += `,${valores[col]}`;
      linha += `${valores[col]}|`;
    }
    this.colunas.assinatura += `,${assinatura(linha + resto)}`;
    this.resultado += `,${resto}`;
  }

  /** Appends another part of the batch, in order (a part from a worker thread arrives as plain data). */
  juntar(parte: DadosLoteDias): void {
    this.tamanho += parte.tamanho;
    for (const c of NOMES_COLUNAS) this.colunas[c] += parte.colunas[c];
    this.resultado += parte.resultado;
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
