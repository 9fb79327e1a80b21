/**
 * Field formatting shared by every writer (AFD, AFDT, ACJEF, AEJ). All files
 * are ISO-8859-1 with CR LF (spec §2); text values must not carry CR/LF, and
 * AEJ values must not carry `|`.
 */

export const CRLF = '\r\n';

/** Thrown by writers when the plain data given to them cannot be written as the layout requires. */
export class FiscalInputError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Dados inválidos para o arquivo fiscal: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5})` : ''}`,
    );
    this.name = 'FiscalInputError';
  }
}

// Characters outside Latin-1 that have an obvious Latin-1 stand-in.
const FALLBACK: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u20AC': 'EUR',
};

/**
 * Make a value writable as ISO-8859-1 text: NFC (so `Ã` is one character, one
 * byte), control characters (CR, LF, TAB…) become spaces, characters outside
 * Latin-1 lose their diacritics or become `?`. `forbidden` characters (the AEJ
 * separator) are replaced by a space.
 */
export function toLatin1Text(value: string, forbidden = ''): string {
  const s = value.normalize('NFC');
  let fast = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 255 || c === 127 || (forbidden && forbidden.includes(s[i] as string))) {
      fast = false;
      break;
    }
  }
  if (fast) return s;
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c < 32 || c === 127 || forbidden.includes(ch)) out += ' ';
    else if (c <= 255) out += ch;
    else if (FALLBACK[ch] !== undefined) out += FALLBACK[ch];
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && [...base].every((b) => (b.codePointAt(0) as number) <= 255) ? base : '?';
    }
  }
  return out;
}

/** A (alphanumeric) field: left-aligned, space-padded, truncated to the width. */
export function alpha(value: string | null | undefined, width: number): string {
  const s = value ? toLatin1Text(value) : '';
  return s.length >= width ? s.slice(0, width) : s + ' '.repeat(width - s.length);
}

/**
 * N (numeric) field: right-aligned, zero-padded (what every device writes,
 * open point 4). An absent optional value is written as spaces.
 */
export function num(value: number | string | null | undefined, width: number, what = 'campo numérico'): string {
  if (value === null || value === undefined || value === '') return ' '.repeat(width);
  const s = typeof value === 'number' ? String(value) : value;
  if (!/^\d+$/.test(s)) throw new FiscalInputError([`${what}: "${s}" não é numérico`]);
  if (s.length > width) throw new FiscalInputError([`${what}: "${s}" excede ${width} dígitos`]);
  return s.length === width ? s : '0'.repeat(width - s.length) + s;
}

/** Keep digits only (formatted CNPJ/CPF, INPI numbers such as `BR512023001234-5`; open point 11). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const OFFSET_RE = /^[+-]\d{4}$/;

export function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const dim =
    m === 2 ? ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return d <= dim;
}

/** `YYYY-MM-DD`, checked to be a calendar date. */
export function checkDate(value: string, what: string): string {
  const m = DATE_RE.exec(value);
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3])))
    throw new FiscalInputError([`${what}: data inválida "${value}"`]);
  return value;
}

/** `HH:MM` → `hhmm`. */
export function hhmm(value: string, what: string): string {
  const m = TIME_RE.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new FiscalInputError([`${what}: hora inválida "${value}"`]);
  return (m[1] as string) + (m[2] as string);
}

/** `YYYY-MM-DD` → `ddmmaaaa` (1510 layouts). */
export function ddmmyyyy(value: string, what: string): string {
  checkDate(value, what);
  return value.slice(8, 10) + value.slice(5, 7) + value.slice(0, 4);
}

/** Minutes as `hhmm` (ACJEF quantities); hours above 99 do not fit the field. */
export function minutesHhmm(minutes: number, what: string): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 99 * 60 + 59)
    throw new FiscalInputError([`${what}: ${minutes} min não cabe em hhmm`]);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return (h < 10 ? '0' : '') + h + (m < 10 ? '0' : '') + m;
}

/** A wall-clock time with the UTC offset the REP was on (spec §6, DH). */
export interface LocalDateTime {
  /** `YYYY-MM-DDTHH:MM`, local wall-clock time as the REP shows it. */
  local: string;
  /** `-0300`: sign and four digits, no colon. */
  offset: string;
}

/** Portaria 671 DH: `AAAA-MM-ddThh:mm:00±hhmm` (seconds are always 00). */
export function dh671(value: LocalDateTime, what: string): string {
  const m = LOCAL_RE.exec(value.local);
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) || Number(m[4]) > 23 || Number(m[5]) > 59) {
    throw new FiscalInputError([`${what}: data/hora inválida "${value.local}"`]);
  }
  if (!OFFSET_RE.exec(value.offset)) throw new FiscalInputError([`${what}: fuso inválido "${value.offset}"`]);
  return `${value.local}:00${value.offset}`;
}

/** Encode a whole file: every writer returns these bytes. */
export function latin1Bytes(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}
