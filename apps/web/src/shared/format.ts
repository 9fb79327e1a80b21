/** Display formats of seed 000 §9: dd/mm/yyyy on screen, yyyy-mm-dd on the wire. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd' (or an ISO timestamp) → 'dd/mm/yyyy'; other input returns ''. */
export function formatDate(wire: string | null | undefined): string {
  const m = wire ? /^(\d{4})-(\d{2})-(\d{2})/.exec(wire) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** An ISO instant → 'dd/mm/yyyy hh:mm' in the browser's time zone (Usuários: último acesso, cadastro); '' when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 'yyyy-mm-ddThh:mm[:ss]' (a wall-clock time, already in the company's zone) → 'dd/mm/yyyy hh:mm'; other input returns ''. */
export function formatWallDateTime(wire: string | null | undefined): string {
  const m = wire ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(wire) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : '';
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

/** 'yyyy-mm-dd' → the local Date of that day; anything else → null. */
export function fromWireDate(wire: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wire);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** Date → 'yyyy-mm' (a competence month, seed 000 §9 mm/yyyy on screen). */
export function toWireMonth(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}

/** 'yyyy-mm' → the local Date of the month's first day; anything else → null. */
export function fromWireMonth(wire: string): Date | null {
  const m = /^(\d{4})-(\d{2})$/.exec(wire);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, 1) : null;
}
