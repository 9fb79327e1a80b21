import { describe, expect, it } from 'vitest';
import { calculateDay } from './calculate-day.js';
import { compilePolicy } from '../policy/compile.js';
import { parseInstant } from '../model/civil.js';
import { absoluteSlots } from '../schedule/slots.js';
import type { DayInput } from '../model/day.js';

const DAY = 20214;
const day = (
  punches: string[],
  slots: [string, string][] = [
    ['08:00', '12:00'],
    ['13:00', '17:00'],
  ],
): DayInput => ({
  plan: {
    date: DAY,
    dayType: 'weekday',
    column: 'terca',
    slots: absoluteSlots(DAY, slots),
    flexible: false,
    regime12x36: false,
  },
  punches: punches.map((p) => ({ at: parseInstant(p, DAY) })),
});

describe('explanation trace (issue point 3)', () => {
  const policy = compilePolicy({});
  it('is absent when off and does not change the numbers', () => {
    const off = calculateDay(day(['08:07', '12:00', '13:00', '17:00']), policy);
    const on = calculateDay(day(['08:07', '12:00', '13:00', '17:00']), policy, { trace: true });
    expect(off.trace).toBeUndefined();
    const { trace, ...rest } = on;
    expect(rest).toEqual(off);
    expect(trace!.length).toBeGreaterThan(3);
  });

  it('explains a counted lateness with Súmula 366', () => {
    const r = calculateDay(day(['08:07', '12:00', '13:00', '17:00']), policy, { trace: true });
    const step = r.trace!.find((s) => s.quantity === 'atraso')!;
    expect(step).toEqual({
      quantity: 'atraso',
      minutes: 7,
      rule: '§7.1 / Súmula 366',
      reason: 'Atraso de 7 min acima da tolerância de 5 min: conta inteiro (Súmula 366)',
    });
  });

  it('explains tolerated values, the ceiling, overtime, night and breaks in order', () => {
    const r = calculateDay(day(['08:04', '12:00', '13:03', '16:56']), policy, { trace: true });
    const reasons = r.trace!.map((s) => s.reason);
    expect(reasons.some((x) => x.includes('passa o teto de 10 min'))).toBe(true);
    const n = calculateDay(day(['22:00', '2025-05-07 06:00'], [['22:00', '05:00']]), policy, { trace: true });
    const q = n.trace!.map((s) => s.quantity);
    expect(q.indexOf('planned')).toBeLessThan(q.indexOf('worked'));
    expect(q.indexOf('worked')).toBeLessThan(q.indexOf('nightReduced'));
    expect(n.trace!.find((s) => s.quantity === 'nightReal')!.rule).toBe('art. 73 §5 / Súmula 60 II');
    expect(n.trace!.find((s) => s.quantity === 'overtime.50')!.minutes).toBe(60);
    expect(n.trace!.find((s) => s.quantity === 'intervaloSuprimido')!.minutes).toBe(60);
  });
});
