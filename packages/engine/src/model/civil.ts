/**
 * Wall-clock arithmetic on integers only (spec §2.1): a date is a day number
 * (days since 1970-01-01 in the proleptic Gregorian calendar) and an instant is
 * `dayNumber * 1440 + minuteOfDay`. No `Date` object is ever built, so the
 * machine's time zone (or old DST rules) cannot leak into the results.
 */

export const MINUTES_PER_DAY = 1440;

/** Days from 1970-01-01 to y-m-d (Howard Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(z: number): { y: number; m: number; d: number } {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

// The month of the last day asked about, as a range of day numbers: a period's consecutive days share
// it, so monthIndex/monthDay cost a comparison instead of civilFromDays and its object per day.
let memoFirst = 1;
let memoLast = 0;
let memoY = 0;
let memoM = 0;

function rememberMonthOf(day: number): void {
  if (day >= memoFirst && day <= memoLast) return;
  const { y, m } = civilFromDays(day);
  memoY = y;
  memoM = m;
  memoFirst = daysFromCivil(y, m, 1);
  memoLast = memoFirst + daysInMonth(y, m) - 1;
}

/** `y × 12 + m − 1` of a day number (months since year 0). */
export function monthIndex(day: number): number {
  rememberMonthOf(day);
  return memoY * 12 + memoM - 1;
}

/** `m × 100 + d` of a day number (the month and day of a date, any year). */
export function monthDay(day: number): number {
  rememberMonthOf(day);
  return memoM * 100 + (day - memoFirst + 1);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → day number. Throws on malformed input. */
export function parseDate(s: string): number {
  const fast = fastDate(s, 0);
  if (fast >= -1e9 && s.length === 10) return fast;
  const m = DATE_RE.exec(s);
  if (!m) throw new Error(`data inválida: '${s}' (esperado AAAA-MM-DD)`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new Error(`data inválida: '${s}'`);
  return daysFromCivil(y, mo, d);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// Memo of day number → 'YYYY-MM-DD' (a month of results formats the same few dates
// for every employee); bounded so that it can never grow without limit.
const DATE_MEMO = new Map<number, string>();

export function formatDate(day: number): string {
  const hit = DATE_MEMO.get(day);
  if (hit !== undefined) return hit;
  const { y, m, d } = civilFromDays(day);
  const s = `${y}-${pad2(m)}-${pad2(d)}`;
  if (DATE_MEMO.size > 20000) DATE_MEMO.clear();
  DATE_MEMO.set(day, s);
  return s;
}

/** 'YYYY-MM' of a day number. */
export function formatMonth(day: number): string {
  const { y, m } = civilFromDays(day);
  return `${y}-${pad2(m)}`;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Monday of the Monday–Sunday week that contains `day` (spec §16.1). */
export function mondayOf(day: number): number {
  return day - ((weekday(day) + 6) % 7);
}

/** 'HH:MM' → minutes, literally (spec §2.4: '07:33' = 453). Accepts 'H:MM' and hours beyond 23. */
export function parseHhMm(s: string): number {
  if (s.length === 5) {
    const t = fastTime(s, 0);
    if (t === t) return t;
  }
  const m = /^(-?)(\d{1,3}):(\d{2})$/.exec(s.trim());
  if (!m || Number(m[3]) > 59) throw new Error(`hora inválida: '${s}' (esperado HH:MM)`);
  const v = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -v : v;
}

export function formatHhMm(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const a = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(a / 60))}:${pad2(a % 60)}`;
}

/** Absolute instant (minutes since epoch) → 'YYYY-MM-DD HH:MM'. */
export function formatInstant(t: number): string {
  const day = Math.floor(t / MINUTES_PER_DAY);
  return `${formatDate(day)} ${formatHhMm(t - day * MINUTES_PER_DAY)}`;
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
}

// Consecutive punches usually share their date: remember the last valid date by its digits
// (y·10⁴ + m·10² + d). Comparing that number replaced a startsWith + slice of the date prefix.
let lastDateKey = -1;
let lastDateDay = 0;

/** 'YYYY-MM-DD' at offset `o` without regex; NaN-safe (returns -Infinity when malformed). */
function fastDate(s: string, o: number): number {
  if (s.charCodeAt(o + 4) !== 45 || s.charCodeAt(o + 7) !== 45) return -Infinity;
  const y = digit(s, o) * 1000 + digit(s, o + 1) * 100 + digit(s, o + 2) * 10 + digit(s, o + 3);
  const m = digit(s, o + 5) * 10 + digit(s, o + 6);
  const d = digit(s, o + 8) * 10 + digit(s, o + 9);
  const key = y * 10000 + m * 100 + d; // NaN when a character is not a digit: never equal
  if (key === lastDateKey) return lastDateDay;
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m))) return -Infinity;
  lastDateKey = key;
  lastDateDay = daysFromCivil(y, m, d);
  return lastDateDay;
}

/** 'HH:MM' at offset `o` (two-digit hours) or NaN. */
function fastTime(s: string, o: number): number {
  if (s.charCodeAt(o + 2) !== 58) return NaN;
  const h = digit(s, o) * 10 + digit(s, o + 1);
  const m = digit(s, o + 3) * 10 + digit(s, o + 4);
  return m < 60 ? h * 60 + m : NaN;
}

/**
 * 'YYYY-MM-DD HH:MM' (seconds truncated, spec §2.2) or 'HH:MM' relative to
 * `baseDay` → absolute minute.
 */
export function parseInstant(s: string, baseDay?: number): number {
  // Fast path for the canonical forms (the engine parses every punch of a month).
  if (s.length === 16 || s.length === 19) {
    const d = fastDate(s, 0);
    const c = s.charCodeAt(10);
    const t = fastTime(s, 11);
    if (d > -Infinity && (c === 32 || c === 84) && t < MINUTES_PER_DAY) return d * MINUTES_PER_DAY + t;
  } else if (s.length === 5 && baseDay !== undefined) {
    const t = fastTime(s, 0);
    if (t < MINUTES_PER_DAY) return baseDay * MINUTES_PER_DAY + t;
  }
  const t = s.trim();
  const clock = (hhmm: string): number => {
    const v = parseHhMm(hhmm);
    if (v < 0 || v >= MINUTES_PER_DAY) throw new Error(`marcação inválida: '${s}'`);
    return v;
  };
  const full = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2})(?::\d{2})?$/.exec(t);
  if (full) return parseDate(full[1]!) * MINUTES_PER_DAY + clock(full[2]!);
  const short = /^(\d{1,2}:\d{2})(?::\d{2})?$/.exec(t);
  if (short && baseDay !== undefined) return baseDay * MINUTES_PER_DAY + clock(short[1]!);
  throw new Error(`marcação inválida: '${s}'`);
}

/** Round half up of num/den for non-negative num and positive den, exactly on integers. */
export function divRoundHalfUp(num: number, den: number): number {
  return Math.floor((2 * num + den) / (2 * den));
}
