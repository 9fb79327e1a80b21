import { describe, expect, it } from 'vitest';
import { absoluteSlots, relativeSlots } from './slots.js';
import { expandRotation, isRegime12x36, rotationPositionOf } from './rotation.js';
import { HolidayCalendar, holidayApplies } from './holidays.js';
import { resolvePlan } from './day-type.js';
import { parseDate } from '../model/civil.js';

describe('planned slots (spec §2.6)', () => {
  it('puts a boundary equal to or earlier than the previous one on the next day', () => {
    expect(
      relativeSlots([
        ['22:00', '01:00'],
        ['02:00', '06:00'],
      ]),
    ).toEqual([1320, 1500, 1560, 1800]);
    expect(
      relativeSlots([
        ['08:00', '12:00'],
        ['12:00', '17:00'],
      ]),
    ).toEqual([480, 720, 2160, 2460]);
    expect(absoluteSlots(1, [['08:00', '12:00']])).toEqual([1440 + 480, 1440 + 720]);
    expect(
      relativeSlots([
        ['08:00', null],
        [null, null],
      ]),
    ).toEqual([]);
  });
});

describe('rotations (spec §15)', () => {
  const A: [string, string][] = [['06:00', '14:00']];
  const N: [string, string][] = [['22:00', '06:00']];
  it('expands by posicao and fatorRepeticao (ROT-02)', () => {
    const seq = expandRotation([
      { position: 2, workDays: 1, offDays: 2, repeat: 1, slots: N },
      { position: 1, workDays: 2, offDays: 1, repeat: 2, slots: A },
    ]);
    expect(seq.map((p) => (p === null ? 'off' : p === A ? 'A' : 'N'))).toEqual([
      'A',
      'A',
      'off',
      'A',
      'A',
      'off',
      'N',
      'off',
      'off',
    ]);
    expect(rotationPositionOf(seq, 100, 109)).toBe(A);
    expect(rotationPositionOf(seq, 100, 99)).toBe(null);
    expect(rotationPositionOf(seq, 100, 97)).toBe(N); // (97 − 100) mod 9 = 6
  });
  it.each([
    [[['07:00', '19:00']], 1, 1, true],
    [
      [
        ['19:00', '00:00'],
        ['01:00', '07:00'],
      ],
      1,
      1,
      true,
    ],
    [[['08:00', '17:00']], 1, 1, false],
    [[['07:00', '19:00']], 2, 2, false],
  ] as [[string, string][], number, number, boolean][])('12x36 detection %j %i/%i → %s', (slots, w, o, r) => {
    expect(isRegime12x36([{ position: 1, workDays: w, offDays: o, repeat: 1, slots }])).toBe(r);
  });
});

describe('holidays (spec §4.2)', () => {
  const e = { state: 'SP', city: 'Campinas', costCentres: ['10', '1'], position: 7 };
  it.each([
    [{ date: '2025-01-25', scope: 1 }, true],
    [{ date: '2025-01-25', scope: 6 }, true],
    [{ date: '2025-07-09', scope: 2, state: 'sp' }, true],
    [{ date: '2025-07-09', scope: 2, state: 'RJ' }, false],
    [{ date: '2025-07-14', scope: 3, city: 'Campinas' }, true],
    [{ date: '2025-07-14', scope: 3, city: 'Santos' }, false],
    [{ date: '2025-07-14', scope: 4, costCentres: ['1'] }, true],
    [{ date: '2025-07-14', scope: 4, costCentres: ['2'] }, false],
    [{ date: '2025-07-14', scope: 5, positions: [7] }, true],
    [{ date: '2025-07-14', scope: 5, positions: [8] }, false],
  ])('%j applies: %s', (h, r) => expect(holidayApplies(h, e)).toBe(r));

  it('repeats fixed holidays every year, mobile ones only on their date', () => {
    const cal = new HolidayCalendar(
      [
        { date: '2020-12-25', fixed: true },
        { date: '2025-06-19', fixed: false },
      ],
      e,
    );
    expect(cal.isHoliday(parseDate('2031-12-25'))).toBe(true);
    expect(cal.isHoliday(parseDate('2025-06-19'))).toBe(true);
    expect(cal.isHoliday(parseDate('2026-06-19'))).toBe(false);
  });
});

describe('day type resolution (spec §4.2)', () => {
  const slots = [1, 2];
  const d = parseDate('2025-05-01'); // Thursday
  it.each([
    [{ holiday: true }, 'holiday', 'feriado', 0],
    [{ holiday: true, holidayExcluded: true }, 'weekday', 'quinta', 2],
    [{ holiday: true, regime12x36: true }, 'weekday', 'quinta', 2],
    [{ dayOff: true }, 'dayoff', 'folga', 0],
    [{ holiday: true, dayOff: true }, 'holiday', 'feriado', 0],
    [{ leave: true, holiday: true }, 'weekday', 'quinta', 0],
    [{}, 'weekday', 'quinta', 2],
  ])('%j → %s / %s', (facts, dayType, column, n) => {
    const p = resolvePlan({ date: d, slots, ...facts });
    expect([p.dayType, p.column, p.slots.length]).toEqual([dayType, column, n]);
  });
  it('uses the calendar for Saturdays and Sundays', () => {
    expect(resolvePlan({ date: parseDate('2025-05-10'), slots }).column).toBe('sabado');
    expect(resolvePlan({ date: parseDate('2025-05-11'), slots }).dayType).toBe('sunday');
  });
});
