import type { SESSION_CACHE_KEYS } from './session';

/**
 * The way back to a list left for a detail screen (seed 001 §2.5, seed 002 §2): the list's query (filters and
 * page) waits in the session under `key` and is restored only by the detail's way back; the menu opens the bare
 * route. The login page clears these keys with the other session caches.
 */
export function listReturn(key: (typeof SESSION_CACHE_KEYS)[number], path: string) {
  /** The list's query as it was left ('?…'), or null when none waits. */
  const search = (): string | null => {
    try {
      const kept = sessionStorage.getItem(key);
      return kept && kept.startsWith('?') ? kept : null;
    } catch {
      return null;
    }
  };
  // Plain functions, no `this`: screens pass them around unbound (`export const urlDaLista = volta.url`).
  return {
    /** Keeps the list's query for the way back. */
    remember(query: string): void {
      try {
        sessionStorage.setItem(key, query);
      } catch {
        /* storage full or blocked: the way back simply starts over */
      }
    },
    search,
    /** The list as it was left. */
    url: (): string => `${path}${search() ?? ''}`,
  };
}
