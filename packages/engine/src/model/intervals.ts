/**
 * Half-open minute intervals `[a, b)` (spec §2.7) stored flat: `[a0, b0, a1, b1, …]`,
 * sorted and disjoint. Flat number arrays keep the day calculation allocation-light.
 */

export type Flat = number[];

export function overlap(a: number, b: number, c: number, d: number): number {
  const lo = a > c ? a : c;
  const hi = b < d ? b : d;
  return hi > lo ? hi - lo : 0;
}

/** |set| */
export function measure(set: Flat): number {
  let s = 0;
  for (let i = 0; i < set.length; i += 2) s += set[i + 1]! - set[i]!;
  return s;
}

/** |set ∩ [lo, hi)| */
export function measureWithin(set: Flat, lo: number, hi: number): number {
  let s = 0;
  for (let i = 0; i < set.length; i += 2) s += overlap(set[i]!, set[i + 1]!, lo, hi);
  return s;
}

/** set ∩ [lo, hi) as a new flat list. */
export function clip(set: Flat, lo: number, hi: number): Flat {
  return clipInto([], set, lo, hi);
}

/** Appends set ∩ [lo, hi) to `out` (no intermediate list when pieces are concatenated) and returns it. */
export function clipInto(out: Flat, set: Flat, lo: number, hi: number): Flat {
  for (let i = 0; i < set.length; i += 2) {
    const a = set[i]! > lo ? set[i]! : lo;
    const b = set[i + 1]! < hi ? set[i + 1]! : hi;
    if (b > a) out.push(a, b);
  }
  return out;
}

/** a ∖ b for sorted disjoint flat lists. */
export function subtract(a: Flat, b: Flat): Flat {
  const out: Flat = [];
  for (let i = 0; i < a.length; i += 2) {
    let s = a[i]!;
    const e = a[i + 1]!;
    for (let j = 0; j < b.length && s < e; j += 2) {
      const bs = b[j]!;
      const be = b[j + 1]!;
      if (be <= s || bs >= e) continue;
      if (bs > s) out.push(s, bs);
      s = be > s ? be : s;
    }
    if (s < e) out.push(s, e);
  }
  return out;
}

/** The last `n` minutes of `set` (n ≤ |set|). */
export function lastMinutes(set: Flat, n: number): Flat {
  const rev: number[] = [];
  let left = n;
  for (let i = set.length - 2; i >= 0 && left > 0; i -= 2) {
    const a = set[i]!;
    const b = set[i + 1]!;
    const take = b - a < left ? b - a : left;
    rev.push(b, b - take);
    left -= take;
  }
  rev.reverse();
  return rev;
}
