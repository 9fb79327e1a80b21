/**
 * Field values of AFD lines: digits that devices pad with zeros or spaces
 * (spec §2) and the calendar-checked dates of each layout (§4-§6).
 */
import { isRealDate } from '../shared/text.js';
import type { AfdDateTime } from './types.js';

export function digits(s: string, from: number, n: number): number {
  let v = 0;
  for (let i = from; i < from + n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Digits that some devices pad on the left with spaces instead of zeros (spec §2). */
export function paddedDigits(s: string, from: number, n: number): number {
  let i = from;
  while (i < from + n - 1 && s.charCodeAt(i) === 32) i++;
  return digits(s, i, from + n - i);
}

/** Numeric field that may be zero- or space-padded on the left (spec §2). Null when blank or all zeros. */
export function optionalNumber(s: string): string | null {
  const t = s.trim();
  return t === '' || /^0+$/.test(t) ? null : t;
}

export function cpfFrom14(s: string): string | null {
  const v = optionalNumber(s);
  return v !== null && v.length > 11 && /^0+$/.test(v.slice(0, v.length - 11)) ? v.slice(-11) : v;
}

export function isAllChar(buf: Uint8Array, start: number, end: number, ch: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] !== ch) return false;
  return true;
}

export type DateResult = { ok: true; value: AfdDateTime; seconds: number } | { ok: false };
const BAD_DATE: DateResult = { ok: false };

/** 671 DH `AAAA-MM-ddThh:mm:ss±hhmm` at index i. */
export function parseDh(s: string, i: number): DateResult {
  const y = digits(s, i, 4);
  const mo = digits(s, i + 5, 2);
  const d = digits(s, i + 8, 2);
  const h = digits(s, i + 11, 2);
  const mi = digits(s, i + 14, 2);
  const se = digits(s, i + 17, 2);
  const sign = s.charCodeAt(i + 19);
  const oh = digits(s, i + 20, 2);
  const om = digits(s, i + 22, 2);
  if (
    s.charCodeAt(i + 4) !== 45 ||
    s.charCodeAt(i + 7) !== 45 ||
    s.charCodeAt(i + 10) !== 84 ||
    s.charCodeAt(i + 13) !== 58 ||
    s.charCodeAt(i + 16) !== 58 ||
    (sign !== 43 && sign !== 45) ||
    y < 0 ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    se < 0 ||
    se > 59 ||
    oh < 0 ||
    oh > 14 ||
    om < 0 ||
    om > 59 ||
    !isRealDate(y, mo, d)
  ) {
    return BAD_DATE;
  }
  return { ok: true, value: { local: s.slice(i, i + 16), offset: s.slice(i + 19, i + 24) }, seconds: se };
}

/** 1510/595 `ddmmaaaa` at i and `hhmm` at j (no offset). */
export function parseDmyHm(s: string, i: number, j: number): DateResult {
  const d = digits(s, i, 2);
  const mo = digits(s, i + 2, 2);
  const y = digits(s, i + 4, 4);
  const h = digits(s, j, 2);
  const mi = digits(s, j + 2, 2);
  if (y < 0 || h < 0 || h > 23 || mi < 0 || mi > 59 || !isRealDate(y, mo, d)) return BAD_DATE;
  const date = `${s.slice(i + 4, i + 8)}-${s.slice(i + 2, i + 4)}-${s.slice(i, i + 2)}`;
  return {
    ok: true,
    value: { local: `${date}T${s.slice(j, j + 2)}:${s.slice(j + 2, j + 4)}`, offset: null },
    seconds: 0,
  };
}

/** Date only, by its width: `ddmmaaaa` (8, 1510/595) or `AAAA-MM-dd` (10, 671). */
export function parseDateOnly(s: string, i: number, width: number): string | null {
  if (width === 10) {
    const y = digits(s, i, 4);
    const mo = digits(s, i + 5, 2);
    const d = digits(s, i + 8, 2);
    if (s.charCodeAt(i + 4) !== 45 || s.charCodeAt(i + 7) !== 45 || y < 0 || !isRealDate(y, mo, d)) return null;
    return s.slice(i, i + 10);
  }
  const d = digits(s, i, 2);
  const mo = digits(s, i + 2, 2);
  const y = digits(s, i + 4, 4);
  if (y < 0 || !isRealDate(y, mo, d)) return null;
  return `${s.slice(i + 4, i + 8)}-${s.slice(i + 2, i + 4)}-${s.slice(i, i + 2)}`;
}
