import { MINUTES_PER_DAY, divRoundHalfUp } from '../model/civil.js';
import { overlap } from '../model/intervals.js';
import type { CompiledPolicy } from '../model/policy.js';

/**
 * Night time (art. 73, spec §9) by interval intersection — never a per-minute
 * loop over clock hours (spec §20).
 */
export class NightClock {
  private readonly start: number;
  private readonly end: number;
  private readonly wraps: boolean;
  /** Start of the Súmula 60 II extension (minutes after it are night); Infinity when none. */
  extensionFrom = Infinity;

  constructor(policy: CompiledPolicy) {
    this.start = policy.nightStart;
    this.end = policy.nightEnd;
    this.wraps = policy.nightStart > policy.nightEnd;
  }

  /** |[a, b) ∩ night windows| without the extension. */
  windowMinutes(a: number, b: number): number {
    if (b <= a) return 0;
    let s = 0;
    const d0 = Math.floor(a / MINUTES_PER_DAY) - 1;
    const d1 = Math.floor((b - 1) / MINUTES_PER_DAY);
    for (let d = d0; d <= d1; d++) {
      const ws = d * MINUTES_PER_DAY + this.start;
      const we = this.wraps ? (d + 1) * MINUTES_PER_DAY + this.end : d * MINUTES_PER_DAY + this.end;
      s += overlap(a, b, ws, we);
    }
    return s;
  }

  /**
   * The first window edge (or the extension start) strictly after `t`, or `limit` when none comes
   * before it. Walking the edges one at a time splits an interval without building and sorting a
   * list of them for every credit segment (issue 26 §5).
   */
  nextBoundary(t: number, limit: number): number {
    let next = this.extensionFrom > t && this.extensionFrom < limit ? this.extensionFrom : limit;
    // The same days as windowMinutes looks at; edges grow with the day, so the first day with both
    // edges after t has the nearest ones.
    const d1 = Math.floor(limit / MINUTES_PER_DAY);
    for (let d = Math.floor(t / MINUTES_PER_DAY) - 1; d <= d1; d++) {
      const ws = d * MINUTES_PER_DAY + this.start;
      const we = this.wraps ? (d + 1) * MINUTES_PER_DAY + this.end : d * MINUTES_PER_DAY + this.end;
      if (ws > t && ws < next) next = ws;
      if (we > t && we < next) next = we;
      if (ws > t && we > t) break;
    }
    return next;
  }

  /** Night minutes of [a, b) including the extension after the covered window. */
  minutes(a: number, b: number): number {
    const ext = this.extensionFrom;
    if (b <= ext) return this.windowMinutes(a, b);
    if (a >= ext) return b - a;
    return this.windowMinutes(a, ext) + (b - ext);
  }

  /**
   * Art. 73 §5 / Súmula 60 II, strict reading (spec §9.2 decision): when the
   * journey [j0, j1) contains a whole night window, worked minutes after that
   * window's end are night minutes too.
   */
  setExtension(j0: number, j1: number): number {
    this.extensionFrom = Infinity;
    if (!this.wraps || j1 <= j0) return Infinity;
    const d0 = Math.floor(j0 / MINUTES_PER_DAY) - 1;
    const d1 = Math.floor(j1 / MINUTES_PER_DAY);
    for (let d = d0; d <= d1; d++) {
      const ws = d * MINUTES_PER_DAY + this.start;
      const we = (d + 1) * MINUTES_PER_DAY + this.end;
      if (ws >= j0 && we <= j1) {
        this.extensionFrom = we;
        return we;
      }
    }
    return Infinity;
  }
}

/** Reduced night hour (art. 73 §1): real × 60 / duracaoHoraNoturna, rounded half-up once (§2.3). */
export function toReduced(real: number, policy: CompiledPolicy): number {
  return divRoundHalfUp(real * 600, policy.nightHourTenths);
}

/**
 * Splits [a, b) into pieces that are entirely night or entirely day; pushes
 * (start, end, isNight ? 1 : 0) triples to `out`.
 */
export function splitByNight(clock: NightClock, a: number, b: number, out: number[]): void {
  for (let s = a; s < b;) {
    const e = clock.nextBoundary(s, b);
    out.push(s, e, clock.minutes(s, e) > 0 ? 1 : 0);
    s = e;
  }
}
