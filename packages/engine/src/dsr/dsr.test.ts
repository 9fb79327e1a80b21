import { describe, expect, it } from 'vitest';
import { closingPeriodBounds, closingPeriodOf } from './dsr.js';
import { formatDate, parseDate } from '../model/civil.js';

describe('closing periods (spec §16.4)', () => {
  it('defaults to the calendar month', () => {
    expect(closingPeriodOf(parseDate('2025-04-30'))).toBe('2025-04');
    expect(closingPeriodOf(parseDate('2025-05-01'), { startDay: 1, endDay: 31 })).toBe('2025-05');
  });
  it('labels a 21..20 period by the month in which it ends', () => {
    const c = { startDay: 21, endDay: 20 };
    expect(closingPeriodOf(parseDate('2025-05-20'), c)).toBe('2025-05');
    expect(closingPeriodOf(parseDate('2025-05-21'), c)).toBe('2025-06');
    expect(closingPeriodOf(parseDate('2025-12-25'), c)).toBe('2026-01');
    const b = closingPeriodBounds('2025-06', c);
    expect([formatDate(b.start), formatDate(b.end)]).toEqual(['2025-05-21', '2025-06-20']);
  });
});
