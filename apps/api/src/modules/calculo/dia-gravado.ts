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

/**
 * Signs what `restoDoDia` keeps, field by field without making it: the stored rest is these fields with their
 * empty values left out, and `resultadoDoDia` gives them back, so equal fields are an equal stored rest.
 */
function assinarResto(s: Assinador, d: DayResult): void {
  s.texto(d.column);
  s.valor(d.overtime);
  s.valor(d.overtimeNight);
  s.valor(d.overtimeNightReduced);
  s.numero(d.nightReal);
  s.textos(d.descricaoEventos);
  s.textos(d.explained);
  s.textos(d.flags);
  s.numeros(d.effectivePunches);
  s.numeros(d.pairs);
  s.numeros(d.orphans);
  s.valor(d.endsWithOrphanEntry);
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

/** Values as the inside of a list, each preceded by a comma ('' for none): how a batch's parts join. */
export const comVirgula = (xs: readonly (number | string)[]): string => (xs.length === 0 ? '' : `,${xs.join(',')}`);

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

/** A value inside a PostgreSQL array literal. */
const valor = (v: number | boolean | string | null): string =>
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
  private readonly chavesF: (number | string)[] = [];
  private readonly chavesN: (number | string)[] = [];
  /** One day's signed values as they are, reused from day to day. */
  private readonly linha: (number | boolean | string | null)[] = new Array<number | boolean | string | null>(ASSINADAS);
  private readonly assinador = new Assinador();

  /**
   * One DayResult split into the columns and the rest, and signed (`Assinador`); a day whose signature is its
   * stored one (among `gravadas`, by its date) is only counted among the days calculated: it need not travel
   * (issue 26), and none of its text is made.
   */
  adicionar(d: DayResult, c: ContextoDia, gravadas?: Gravadas): void {
    const v = this.linha;
    const dia = parseDate(d.date);
    v[POSICAO.funcionarioId] = c.funcionarioId;
    v[POSICAO.dia] = dia;
    v[POSICAO.cnpjId] = c.cnpjId;
    v[POSICAO.centroCustoId] = c.centroCustoId;
    v[POSICAO.cargoId] = c.cargoId;
    v[POSICAO.escalaId] = c.escalaId;
    v[POSICAO.tipoDia] = d.dayType;
    v[POSICAO.afastado] = c.afastado;
    v[POSICAO.irregular] = d.irregular;
    v[POSICAO.planejado] = d.planned;
    v[POSICAO.trabalhado] = d.worked;
    v[POSICAO.normal] = d.normal;
    v[POSICAO.atraso] = d.atraso;
    v[POSICAO.saidaAntecipada] = d.saidaAntecipada;
    v[POSICAO.falta] = d.falta;
    v[POSICAO.excessoIntervalo] = d.excessoIntervalo;
    v[POSICAO.faltaMarcacao] = d.faltaMarcacao;
    v[POSICAO.faltaMarcacaoFlag] = d.faltaMarcacaoFlag;
    v[POSICAO.horasExtras] = somaFaixas(d.overtime) + somaFaixas(d.overtimeNight);
    v[POSICAO.noturnoReduzido] = d.nightReduced;
    v[POSICAO.interjornada] = d.interjornadaShortfall;
    v[POSICAO.intervaloSuprimido] = d.intervaloSuprimido;
    v[POSICAO.abono] = d.abono;
    v[POSICAO.bancoCredito] = d.bankCredit;
    v[POSICAO.bancoDebito] = d.bankDebit;
    v[POSICAO.horasFaltantes] = d.horasFaltantes;
    this.chavesF.push(c.funcionarioId);
    this.chavesN.push(dia);
    const s = this.assinador.comecar();
    for (let i = 0; i < ASSINADAS; i++) s.valor(v[i]);
    assinarResto(s, d);
    s.fechar();
    if (gravadas?.igual(s, dia)) return;
    this.tamanho += 1;
    // A DayType is a plain lower-case word: no quoting needed inside the array literal.
    for (let i = 0; i < ASSINADAS; i++) this.pedacos[i]!.push(valor(v[i]!));
    this.pedacos[POSICAO.assinatura]!.push(s.uuid());
    this.restos.push(JSON.stringify(restoDoDia(d)));
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

/** Type tags: each value signed is its tag and its payload, so no two different values make the same stream. */
const T_INTEIRO = 1;
const T_NUMERO = 2;
const T_TEXTO = 3;
const T_VERDADE = 4;
const T_FALSO = 5;
const T_NULO = 6;
const T_LISTA = 7;
const T_OBJETO = 8;
const T_FIM_OBJETO = 9;

const hex8 = (x: number) => (x >>> 0).toString(16).padStart(8, '0');

/**
 * A 128-bit fingerprint of a stored row's values, as a uuid (decisions 0078, 0090), built value by value: the
 * numbers, flags and texts the row stores are mixed as they are, so a row that comes out the same as the stored
 * one — nearly every row of a recalculation — costs no text and no garbage; its text is built only when it
 * travels. Four 32-bit lanes, each 32-bit word mixed into every lane with a different odd multiplier, then each
 * lane avalanched with the others. Not cryptographic: it only tells a recalculated row from the one stored under the
 * same key, where no one chooses the input, and two different rows agreeing on 128 bits will not happen. One
 * instance is reused row after row (`comecar`), and a row compares its fingerprint with the stored one without
 * making text (`igual`).
 */
export class Assinador {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  comecar(): this {
    this.a = 0x6a09e667;
    this.b = 0xbb67ae85;
    this.c = 0x3c6ef372;
    this.d = 0xa54ff53a;
    return this;
  }

  /** One 32-bit word into every lane. */
  private palavra(k: number): void {
    const a = this.b ^ Math.imul(this.a ^ k, 0x9e3779b1);
    const b = this.c ^ Math.imul(this.b ^ k, 0x85ebca77);
    const c = this.d ^ Math.imul(this.c ^ k, 0xc2b2ae3d);
    this.d = a ^ Math.imul(this.d ^ k, 0x27d4eb2f);
    this.a = a;
    this.b = b;
    this.c = c;
  }

  /** A number as `valor` signs it. */
  numero(v: number): void {
    if ((v | 0) === v) {
      this.palavra(T_INTEIRO);
      this.palavra(v);
    } else {
      this.palavra(T_NUMERO);
      this.texto(String(v));
    }
  }

  /** A list of numbers as `valor` signs it, without its dispatch per element. */
  numeros(xs: readonly number[]): void {
    this.palavra(T_LISTA);
    this.palavra(xs.length);
    for (let i = 0; i < xs.length; i++) this.numero(xs[i]!);
  }

  /** A list of texts as `valor` signs it. */
  textos(xs: readonly string[]): void {
    this.palavra(T_LISTA);
    this.palavra(xs.length);
    for (let i = 0; i < xs.length; i++) this.texto(xs[i]!);
  }

  /** A text: its length, then its characters two to a word. */
  texto(t: string): void {
    this.palavra(T_TEXTO);
    this.palavra(t.length);
    let i = 0;
    for (; i + 1 < t.length; i += 2) this.palavra(t.charCodeAt(i) | (t.charCodeAt(i + 1) << 16));
    if (i < t.length) this.palavra(t.charCodeAt(i));
  }

  /**
   * Any value a row stores, as JSON.stringify would see it: numbers, texts, flags, null, arrays and plain objects
   * (keys in their order, undefined members left out); an object that says how it becomes JSON (a Date) by that.
   */
  valor(v: unknown): void {
    switch (typeof v) {
      case 'number':
        this.numero(v);
        return;
      case 'string':
        this.texto(v);
        return;
      case 'boolean':
        this.palavra(v ? T_VERDADE : T_FALSO);
        return;
      case 'object':
        if (v === null) this.palavra(T_NULO);
        else if (Array.isArray(v)) {
          this.palavra(T_LISTA);
          this.palavra(v.length);
          for (const x of v) this.valor(x);
        } else if (typeof (v as { toJSON?: unknown }).toJSON === 'function') this.texto(JSON.stringify(v));
        else {
          this.palavra(T_OBJETO);
          const o = v as Record<string, unknown>;
          for (const k in o) {
            const x = o[k];
            if (x === undefined) continue;
            this.texto(k);
            this.valor(x);
          }
          this.palavra(T_FIM_OBJETO);
        }
        return;
      default:
        // undefined (an array's hole, as JSON's null), functions: not stored.
        this.palavra(T_NULO);
    }
  }

  /** Ends the fingerprint of everything signed since `comecar` (each lane avalanched with the others). */
  fechar(): this {
    let { a, b, c, d } = this;
    a = Math.imul(c ^ (a >>> 18), 0x85ebca6b);
    b = Math.imul(d ^ (b >>> 22), 0xc2b2ae35);
    c = Math.imul(a ^ (c >>> 17), 0x9e3779b1);
    d = Math.imul(b ^ (d >>> 19), 0x27d4eb2f);
    a ^= b ^ c ^ d;
    this.a = a >>> 0;
    this.b = (b ^ a) >>> 0;
    this.c = (c ^ a) >>> 0;
    this.d = (d ^ a) >>> 0;
    return this;
  }

  /**
   * Whether the ended fingerprint is the uuid at `em` of `uuid` (a stored one, as PostgreSQL writes a uuid), read
   * digit by digit: a row that did not change makes no text at all.
   */
  igual(uuid: string | undefined, em = 0): boolean {
    return (
      uuid !== undefined &&
      uuid.length >= em + 36 &&
      hex(uuid, em, 8) === this.a &&
      hex(uuid, em + 9, 4) * 0x10000 + hex(uuid, em + 14, 4) === this.b &&
      hex(uuid, em + 19, 4) * 0x10000 + hex(uuid, em + 24, 4) === this.c &&
      hex(uuid, em + 28, 8) === this.d
    );
  }

  /** The ended fingerprint as a uuid. */
  uuid(): string {
    const hb = hex8(this.b);
    const hc = hex8(this.c);
    return `${hex8(this.a)}-${hb.slice(0, 4)}-${hb.slice(4)}-${hc.slice(0, 4)}-${hc.slice(4)}${hex8(this.d)}`;
  }
}

/**
 * The stored fingerprints of one employee's rows as the read brings them, 'n:uuid,…' (calculo.repository
 * `assinaturasGravadas`; n a day, a Monday or the employee): each found by its key where it is in the text, never
 * cut out of it — a recalculation of 10,000 employees compares 300,000 days.
 */
export class Gravadas {
  private readonly onde = new Map<number, number>();

  private constructor(private readonly texto: string) {
    for (let i = 0; i < texto.length;) {
      let n = 0;
      let c = texto.charCodeAt(i);
      const negativo = c === 45;
      if (negativo) c = texto.charCodeAt(++i);
      for (; c >= 48 && c <= 57; c = texto.charCodeAt(++i)) n = n * 10 + (c - 48);
      // i is at the ':'; the uuid follows, then a ',' (or the end).
      this.onde.set(negativo ? -n : n, i + 1);
      i += 38;
    }
  }

  /** The fingerprints of `texto`; none when there is none (a row stored without one is sent again). */
  static de(texto: string | undefined): Gravadas | undefined {
    return texto ? new Gravadas(texto) : undefined;
  }

  /** Whether the ended fingerprint `s` is the one stored under key `n`. */
  igual(s: Assinador, n: number): boolean {
    const em = this.onde.get(n);
    return em !== undefined && s.igual(this.texto, em);
  }
}

/** The `n` lower-case hex digits of `t` from `i` as a number (NaN when one is not such a digit). */
function hex(t: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const c = t.charCodeAt(k);
    const x = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : NaN;
    v = v * 16 + x;
  }
  return v;
}

/** The fingerprint of one value (a week's or a summary's row), `Assinador.valor` alone. */
export const assinaturaDoValor = (v: unknown): string => {
  const s = new Assinador().comecar();
  s.valor(v);
  return s.fechar().uuid();
};

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
