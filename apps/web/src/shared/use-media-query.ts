import { useSyncExternalStore } from 'react';

/** Seed 000 §9: above 1024 px the layout is desktop, otherwise mobile. */
export const DESKTOP_QUERY = '(min-width: 1025px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
