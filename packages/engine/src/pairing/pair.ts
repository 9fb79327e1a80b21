/**
 * Pairing with nearest-slot matching (spec §5.5). Even counts pair in order;
 * odd counts give each punch the role of its nearest planned boundary so the
 * orphan is the punch that really is missing its partner (08:00 13:00 17:00 →
 * orphan 08:00, pair 13–17, instead of the false 08–13 segment).
 */
export interface Pairing {
  /** Flat [in, out, …]. */
  pairs: number[];
  orphans: number[];
  /** Slot index (0-based) of each orphan, -1 when the day has no slots. */
  orphanSlots: number[];
  /** The last orphan was an entry (used for INTERJORNADA_INCERTA). */
  lastOrphanIsEntry: boolean;
}

/** Index of the nearest boundary (tie → earlier boundary). */
function nearestBoundary(t: number, slots: readonly number[]): number {
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < slots.length; i++) {
    const d = Math.abs(slots[i]! - t);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

export function pairPunches(punches: readonly number[], slots: readonly number[]): Pairing {
  const n = punches.length;
  if (n % 2 === 0) {
    return { pairs: punches.slice(), orphans: [], orphanSlots: [], lastOrphanIsEntry: false };
  }
  if (slots.length > 0) {
    const pairs: number[] = [];
    const orphans: number[] = [];
    const orphanSlots: number[] = [];
    let lastOrphanIsEntry = false;
    let open = -1;
    let openSlot = -1;
    for (let i = 0; i < n; i++) {
      const t = punches[i]!;
      const b = nearestBoundary(t, slots);
      const isEntry = b % 2 === 0;
      const slot = b >> 1;
      if (isEntry) {
        if (open >= 0) {
          orphans.push(open);
          orphanSlots.push(openSlot);
          lastOrphanIsEntry = true;
        }
        open = t;
        openSlot = slot;
      } else if (open >= 0) {
        pairs.push(open, t);
        open = -1;
      } else {
        orphans.push(t);
        orphanSlots.push(slot);
        lastOrphanIsEntry = false;
      }
    }
    if (open >= 0) {
      orphans.push(open);
      orphanSlots.push(openSlot);
      lastOrphanIsEntry = true;
    }
    if (orphans.length === 1) return { pairs, orphans, orphanSlots, lastOrphanIsEntry };
  }
  // Fallback: sequential pairing, the last punch is the orphan (§5.5 step 3).
  const last = punches[n - 1]!;
  const slot = slots.length > 0 ? nearestBoundary(last, slots) >> 1 : -1;
  return {
    pairs: punches.slice(0, n - 1),
    orphans: [last],
    orphanSlots: [slot],
    lastOrphanIsEntry: true,
  };
}
