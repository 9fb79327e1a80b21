/**
 * Holiday calendar arithmetic shared by the server (copy, national holidays,
 * the demo seed) and the screen (a movable holiday's date filled in as its
 * rule is picked). Civil dates only, as 'yyyy-mm-dd' text: no time zone is
 * involved, so the arithmetic runs on UTC Date values and never on local ones.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A civil date → 'yyyy-mm-dd' (years 1–9999). */
function iso(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** 'yyyy-mm-dd' → UTC Date (setUTCFullYear: Date.UTC reads years 0–99 as 1900–1999). */
function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const out = new Date(0);
  out.setUTCFullYear(y, m - 1, d);
  return out;
}

const fromUtc = (d: Date) => iso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());

/** Whether `text` is a real civil date 'yyyy-mm-dd' from 0001-01-01 to 9999-12-31. */
export function isCivilDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && fromUtc(toUtc(text)) === iso(y, mo, d);
}

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** 'yyyy-mm-dd' → 'dd/mm/yyyy' (seed 000 §9). */
export const diaMesAno = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * Easter Sunday of a Gregorian year (the anonymous algorithm published by
 * Meeus, after Butcher): exact for every Gregorian year.
 */
export function domingoDePascoa(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return iso(ano, Math.floor(n / 31), (n % 31) + 1);
}

/**
 * Movable holidays tied to Easter: how a holiday keeps its meaning when it is
 * copied to another year (stored on the holiday, never guessed from its
 * description). `dias` counts from Easter Sunday.
 */
export const REGRAS_PASCOA = [
  { regra: 'CARNAVAL_SEGUNDA', descricao: 'Carnaval (segunda-feira)', dias: -48 },
  { regra: 'CARNAVAL_TERCA', descricao: 'Carnaval (terça-feira)', dias: -47 },
  { regra: 'SEXTA_FEIRA_SANTA', descricao: 'Sexta-feira Santa', dias: -2 },
  { regra: 'PASCOA', descricao: 'Páscoa', dias: 0 },
  { regra: 'CORPUS_CHRISTI', descricao: 'Corpus Christi', dias: 60 },
] as const;
export type RegraPascoa = (typeof REGRAS_PASCOA)[number]['regra'];
export const REGRA_PASCOA_KEYS = REGRAS_PASCOA.map((r) => r.regra) as [RegraPascoa, ...RegraPascoa[]];

export function dataDaRegra(regra: RegraPascoa, ano: number): string {
  const r = REGRAS_PASCOA.find((x) => x.regra === regra)!;
  return addDays(domingoDePascoa(ano), r.dias);
}

/** A holiday of the national calendar: fixed (a day of the month) or tied to Easter. */
export interface FeriadoCalendario {
  data: string;
  descricao: string;
  regraPascoa: RegraPascoa | null;
}

/** Consciência Negra became a national holiday by Lei 14.759/2023, from 2024 on. */
export const ANO_CONSCIENCIA_NEGRA_NACIONAL = 2024;

const NACIONAIS_FIXOS: readonly { mes: number; dia: number; descricao: string; desde?: number }[] = [
  { mes: 1, dia: 1, descricao: 'Confraternização Universal' },
  { mes: 4, dia: 21, descricao: 'Tiradentes' },
  { mes: 5, dia: 1, descricao: 'Dia do Trabalho' },
  { mes: 9, dia: 7, descricao: 'Independência do Brasil' },
  { mes: 10, dia: 12, descricao: 'Nossa Senhora Aparecida' },
  { mes: 11, dia: 2, descricao: 'Finados' },
  { mes: 11, dia: 15, descricao: 'Proclamação da República' },
  {
    mes: 11,
    dia: 20,
    descricao: 'Dia Nacional de Zumbi e da Consciência Negra',
    desde: ANO_CONSCIENCIA_NEGRA_NACIONAL,
  },
  { mes: 12, dia: 25, descricao: 'Natal' },
];

/** The federal holidays of a year (fixed dates; the optional Easter ones are `feriadosOpcionais`). */
export function feriadosNacionais(ano: number): FeriadoCalendario[] {
  return NACIONAIS_FIXOS.filter((f) => f.desde === undefined || ano >= f.desde).map((f) => ({
    data: iso(ano, f.mes, f.dia),
    descricao: f.descricao,
    regraPascoa: null,
  }));
}

/** The optional holidays 'Incluir feriados nacionais' offers, unticked. */
export const OPCIONAIS_NACIONAIS = {
  carnaval: ['CARNAVAL_SEGUNDA', 'CARNAVAL_TERCA'],
  sextaFeiraSanta: ['SEXTA_FEIRA_SANTA'],
  corpusChristi: ['CORPUS_CHRISTI'],
} as const satisfies Record<string, readonly RegraPascoa[]>;
export type OpcionalNacional = keyof typeof OPCIONAIS_NACIONAIS;

/** The chosen optional holidays of a year, named by their rule ('Carnaval (segunda-feira)', …). */
export function feriadosOpcionais(ano: number, escolhidos: readonly OpcionalNacional[]): FeriadoCalendario[] {
  return escolhidos.flatMap((o) =>
    OPCIONAIS_NACIONAIS[o].map((regra) => ({
      data: dataDaRegra(regra, ano),
      descricao: REGRAS_PASCOA.find((r) => r.regra === regra)!.descricao,
      regraPascoa: regra,
    })),
  );
}
