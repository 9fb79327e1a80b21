import type { DsrReflex } from '../model/summary.js';
import { daysFromCivil, daysInMonth, divRoundHalfUp, weekday } from '../model/civil.js';

/**
 * Súmula 172 (spec §17.2): REFLEXO = roundHalfUp(HE_p × restDays / workingDays),
 * Saturdays being working days. `restDayNumbers` are the month's rest days
 * (Sundays + holidays for pagarDSR 1; planned off days + holidays for 2).
 */
export function dsrReflex(
  restDays: number,
  workingDays: number,
  overtimeByPercent: Readonly<Record<string, number>>,
): DsrReflex {
  const reflexByPercent: Record<string, number> = {};
  for (const [p, v] of Object.entries(overtimeByPercent)) {
    if (v > 0 && workingDays > 0) reflexByPercent[p] = divRoundHalfUp(v * restDays, workingDays);
  }
  return { restDays, workingDays, reflexByPercent };
}

/**
 * Rest and working days of a month 'YYYY-MM' (spec §17.2). A holiday on a
 * Sunday (or on an off day) is one rest day, not two.
 */
export function monthRestDays(
  month: string,
  pagarDSR: 1 | 2,
  holidays: readonly number[],
  plannedOffDays: readonly number[] = [],
): { restDays: number; workingDays: number } {
  const [ys, ms] = month.split('-');
  const y = Number(ys);
  const m = Number(ms);
  const first = daysFromCivil(y, m, 1);
  const n = daysInMonth(y, m);
  const rest = new Set<number>();
  for (let d = first; d < first + n; d++) {
    if (pagarDSR === 1 && weekday(d) === 0) rest.add(d);
  }
  if (pagarDSR === 2) for (const d of plannedOffDays) if (d >= first && d < first + n) rest.add(d);
  for (const h of holidays) if (h >= first && h < first + n) rest.add(h);
  return { restDays: rest.size, workingDays: n - rest.size };
}
