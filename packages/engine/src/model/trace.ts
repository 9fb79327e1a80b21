/**
 * Explainability (issue point 3): ordered steps that produced each number of a
 * day. Built only when `options.trace` is on; callers guard with `if (tr)` so
 * that no string is formatted when it is off.
 */
export interface TraceStep {
  /** Spec/legal reference, e.g. '§7.1 / Súmula 366'. */
  rule: string;
  /** Which quantity the step produced, e.g. 'atraso'. */
  quantity: string;
  minutes: number;
  /** Short Portuguese reason. */
  reason: string;
}

export class Trace {
  readonly steps: TraceStep[] = [];
  add(quantity: string, minutes: number, rule: string, reason: string): void {
    this.steps.push({ rule, quantity, minutes, reason });
  }
}

/** '07:30' style for reasons. */
export function hm(minutes: number): string {
  const a = Math.abs(minutes);
  const h = Math.floor(a / 60);
  const m = a % 60;
  return `${minutes < 0 ? '-' : ''}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}
