/**
 * Token buckets by key, in this process's memory (decision 0081): the
 * device routes' limit, which must cost nothing next to the call it guards
 * (a poll is one small transaction). Several API processes each keep their
 * own buckets, so the fleet's limit is per process — the point is to keep one
 * misbehaving device or customer from starving the others on a process, not
 * an exact quota. Full buckets are forgotten, so idle keys take no memory.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** `perSecond` tokens refill each second, up to `burst`. */
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes a token for `key` at `nowMs`; false when its bucket is empty. */
  take(key: string, nowMs: number): boolean {
    const b = this.buckets.get(key);
    if (b === undefined) {
      if (this.buckets.size >= this.maxKeys) this.sweep(nowMs);
      this.buckets.set(key, { tokens: this.burst - 1, at: nowMs });
      return true;
    }
    b.tokens = Math.min(this.burst, b.tokens + ((nowMs - b.at) / 1000) * this.perSecond);
    b.at = nowMs;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Seconds until `key` has a token again (the Retry-After of a refusal). */
  retryAfterSeconds(key: string): number {
    const b = this.buckets.get(key);
    if (!b || b.tokens >= 1) return 0;
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }

  /** Drops the buckets that are full by now (their keys are as good as new). */
  private sweep(nowMs: number): void {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((nowMs - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(k);
    }
    // Every key busy: forget the oldest rather than grow without bound.
    if (this.buckets.size >= this.maxKeys) {
      const first = this.buckets.keys().next();
      if (!first.done) this.buckets.delete(first.value);
    }
  }
}
