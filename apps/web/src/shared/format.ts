/** Display formats of seed 000 §9: dd/mm/yyyy on screen, yyyy-mm-dd on the wire. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd' (or an ISO timestamp) → 'dd/mm/yyyy'; other input returns ''. */
export function formatDate(wire: string | null | undefined): string {
  const m = wire ? /^(\d{4})-(\d{2})-(\d{2})/.exec(wire) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** Date → 'yyyy-mm-dd' in local time (the wall-clock day the user picked). */
export function toWireDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Case- and accent-insensitive form used by the client-side filters. */
export function normalizeForSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
