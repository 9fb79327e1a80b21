import { describe, expect, it } from 'vitest';
import {
  civilFromDays,
  daysFromCivil,
  divRoundHalfUp,
  formatDate,
  formatInstant,
  mondayOf,
  monthDay,
  monthIndex,
  parseDate,
  parseHhMm,
  parseInstant,
  weekday,
} from './civil.js';

describe('civil calendar arithmetic (spec §2.1)', () => {
  it.each([
    ['1970-01-01', 0, 4],
    ['2000-02-29', 11016, 2],
    ['2025-05-01', 20209, 4],
    ['2025-05-11', 20219, 0],
    ['1969-12-31', -1, 3],
  ])('%s → day %i, weekday %i', (s, day, wd) => {
    expect(parseDate(s)).toBe(day);
    expect(formatDate(day)).toBe(s);
    expect(weekday(day)).toBe(wd);
  });

  it('round-trips every day of four centuries', () => {
    for (let z = daysFromCivil(1900, 1, 1); z < daysFromCivil(2300, 1, 1); z += 37) {
      const { y, m, d } = civilFromDays(z);
      expect(daysFromCivil(y, m, d)).toBe(z);
    }
  });

  it('mondayOf gives the Monday of the Monday–Sunday week', () => {
    expect(formatDate(mondayOf(parseDate('2025-05-11')))).toBe('2025-05-05');
    expect(formatDate(mondayOf(parseDate('2025-05-05')))).toBe('2025-05-05');
    expect(formatDate(mondayOf(parseDate('2025-05-01')))).toBe('2025-04-28');
  });

  it('monthIndex and monthDay (one-month memo) agree with civilFromDays, in any order', () => {
    const check = (z: number): void => {
      const { y, m, d } = civilFromDays(z);
      expect([monthIndex(z), monthDay(z)]).toEqual([y * 12 + m - 1, m * 100 + d]);
    };
    const from = daysFromCivil(1999, 12, 1);
    const to = daysFromCivil(2001, 3, 31); // 2000-02-29 included
    for (let z = from; z <= to; z++) check(z);
    for (let z = to; z >= from; z--) check(z);
    for (let z = -800; z < 800000; z += 997) check(z);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-5-1', 'x'])('rejects %s', (s) => {
    expect(() => parseDate(s)).toThrow();
  });
});

describe('HH:MM and instants (spec §2.2, §2.4)', () => {
  it.each([
    ['07:33', 453],
    ['00:00', 0],
    ['11:00', 660],
    ['7:05', 425],
    ['99:00', 5940],
  ])('%s = %i minutes, literally', (s, v) => expect(parseHhMm(s)).toBe(v));

  it('parses full and short instants and truncates seconds', () => {
    const day = parseDate('2025-05-06');
    expect(parseInstant('2025-05-06 08:15')).toBe(day * 1440 + 495);
    expect(parseInstant('2025-05-06T08:15:59')).toBe(day * 1440 + 495);
    expect(parseInstant('08:15', day)).toBe(day * 1440 + 495);
    expect(formatInstant(parseInstant('2025-05-07 01:00'))).toBe('2025-05-07 01:00');
    expect(() => parseInstant('08:15')).toThrow();
    expect(() => parseInstant('2025-05-06 25:61')).toThrow();
  });

  it('remembers only valid dates (the last date is reused by its digits)', () => {
    expect(parseInstant('2024-02-29 10:00')).toBe(parseDate('2024-02-29') * 1440 + 600);
    expect(parseInstant('2024-02-29 11:00')).toBe(parseDate('2024-02-29') * 1440 + 660);
    expect(() => parseInstant('2025-02-29 10:00')).toThrow();
    expect(() => parseInstant('2025-02-29 10:00')).toThrow();
    expect(() => parseInstant('2024-02-2x 10:00')).toThrow();
  });
});

describe('divRoundHalfUp (spec §2.3)', () => {
  it.each([
    [420 * 8, 7, 480],
    [360 * 8, 7, 411],
    [150 * 8, 7, 171],
    [30 * 8, 7, 34],
    [480 * 8, 7, 549],
    [225, 2, 113],
    [5, 4, 1],
    [7, 4, 2],
  ])('%i / %i → %i', (n, d, r) => expect(divRoundHalfUp(n, d)).toBe(r));
});
