import { useSyncExternalStore } from 'react';

/**
 * Counts the API calls in flight that should show the global spinner
 * (seed 000 §2.4: every call except those whose query has fdb=f).
 */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function beginActivity(): () => void {
  inFlight += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    emit();
  };
}

export function useBusy(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inFlight > 0,
    () => false,
  );
}
