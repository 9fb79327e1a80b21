/**
 * The NSRs seen so far, as sorted disjoint intervals. A well-formed AFD is one
 * interval, so memory grows with the number of gaps, not with the file
 * (a million-line file must stream, issue point 1).
 */
export class NsrSet {
  // Flat [start0, end0, start1, end1, …], inclusive, sorted, non-adjacent.
  private readonly bounds: number[] = [];

  has(n: number): boolean {
    return this.find(n) >= 0;
  }

  add(n: number): void {
    const b = this.bounds;
    const len = b.length;
    // Fast path: the next NSR in sequence, or beyond the last interval.
    if (len === 0 || n > (b[len - 1] as number) + 1) {
      b.push(n, n);
      return;
    }
    if (n === (b[len - 1] as number) + 1) {
      b[len - 1] = n;
      return;
    }
    if (this.find(n) >= 0) return;
    // Insert out of order: i = first interval whose start > n.
    let lo = 0;
    let hi = len / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((b[mid * 2] as number) > n) hi = mid;
      else lo = mid + 1;
    }
    const i = lo;
    const joinsPrev = i > 0 && (b[i * 2 - 1] as number) === n - 1;
    const joinsNext = i < len / 2 && (b[i * 2] as number) === n + 1;
    if (joinsPrev && joinsNext) {
      b.splice(i * 2 - 1, 2); // merge the two intervals
    } else if (joinsPrev) {
      b[i * 2 - 1] = n;
    } else if (joinsNext) {
      b[i * 2] = n;
    } else {
      b.splice(i * 2, 0, n, n);
    }
  }

  /** Interval index holding n, or -1. */
  private find(n: number): number {
    const b = this.bounds;
    let lo = 0;
    let hi = b.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (n < (b[mid * 2] as number)) hi = mid - 1;
      else if (n > (b[mid * 2 + 1] as number)) lo = mid + 1;
      else return mid;
    }
    return -1;
  }

  /** Number of intervals (for tests). */
  get intervals(): number {
    return this.bounds.length / 2;
  }
}
