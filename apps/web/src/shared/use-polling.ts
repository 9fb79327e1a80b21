import { useEffect, useRef } from 'react';

/**
 * Runs `check(ids)` while `ids` is not empty: first after `delay(0)`, then
 * after `delay(1)`, `delay(2)`… The cadence starts again when polling starts
 * again; ids that finish leave the next check (the latest list is read at
 * each check). A failed check ends the polling and goes to `onError` (seed
 * 002 §4: 'A failed poll ends monitoring'); leaving the screen (unmount)
 * ends it too, its call in flight aborted. The history's cadences and the
 * report monitor's (components/solicitacao) run on it.
 */
export function usePolling(
  ids: readonly number[],
  delay: (n: number) => number,
  check: (ids: readonly number[], signal: AbortSignal) => Promise<void>,
  onError: (e: unknown) => void,
  enabled = true,
): void {
  const latest = useRef({ ids, check, onError });
  latest.current = { ids, check, onError };
  const active = enabled && ids.length > 0;
  useEffect(() => {
    if (!active) return;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let n = 0;
    const tick = async () => {
      const now = latest.current;
      if (now.ids.length === 0) return;
      try {
        await now.check(now.ids, ctrl.signal);
      } catch (e) {
        if (!ctrl.signal.aborted) now.onError(e);
        return;
      }
      if (!ctrl.signal.aborted) timer = setTimeout(() => void tick(), delay(++n));
    };
    timer = setTimeout(() => void tick(), delay(0));
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
    // The cadence restarts only when polling starts again, not at each answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}
