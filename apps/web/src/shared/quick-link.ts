/**
 * The hubs' `lk_rp` (seed 002 §2): a quick link from the home opens a screen
 * of the Relatórios or Documentos hub only when its value matches the
 * one-time, time-stamped string the home left in this tab's session, so a
 * pasted or bookmarked URL just opens the hub.
 */
const KEY = 'jornada.lk_rp';
/** How long a quick link stays good after the click that made it. */
export const QUICK_LINK_MS = 60_000;

/** A new one-time value, kept in this tab's session (the previous one stops working). */
export function newQuickLink(now = Date.now()): string {
  const value = `${now.toString(36)}.${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
  sessionStorage.setItem(KEY, value);
  return value;
}

/** True once for the value the home made, within QUICK_LINK_MS; the stored value is used up either way. */
export function consumeQuickLink(value: string | null, now = Date.now()): boolean {
  const stored = sessionStorage.getItem(KEY);
  if (value === null || stored === null) return false;
  sessionStorage.removeItem(KEY);
  const made = parseInt(stored.split('.')[0] ?? '', 36);
  return stored === value && Number.isFinite(made) && now - made >= 0 && now - made <= QUICK_LINK_MS;
}
