import { describe, expect, it } from 'vitest';
import { pairPunches } from './pair.js';
import { effectivePunches, insertPreAssigned, mergeSecondInterval } from './effective.js';

const h = (s: string): number => {
  const [a, b] = s.split(':').map(Number);
  return a! * 60 + b!;
};
const SLOTS = ['08:00', '12:00', '13:00', '17:00'].map(h);

describe('nearest-slot pairing (spec §5.5)', () => {
  it.each([
    ['08:00 12:00 13:00', ['08:00', '12:00'], '13:00', 1],
    ['08:00 13:00 17:00', ['13:00', '17:00'], '08:00', 0],
    ['08:00 12:00 17:00', ['08:00', '12:00'], '17:00', 1],
    ['12:00 13:00 17:00', ['13:00', '17:00'], '12:00', 0],
    ['08:00 12:30 17:00', ['08:00', '12:30'], '17:00', 1],
    ['07:00 07:30 08:00', ['07:00', '07:30'], '08:00', 0],
  ])('%s → pair %j, orphan %s (slot %i)', (ps, pair, orphan, slot) => {
    const r = pairPunches(ps.split(' ').map(h), SLOTS);
    expect(r.pairs).toEqual(pair.map(h));
    expect(r.orphans).toEqual([h(orphan)]);
    expect(r.orphanSlots).toEqual([slot]);
  });

  it('pairs even counts in order and falls back to sequential without slots', () => {
    expect(pairPunches([1, 2, 3, 4], SLOTS).orphans).toEqual([]);
    const r = pairPunches([h('09:00'), h('12:00'), h('13:00')], []);
    expect(r.pairs).toEqual([h('09:00'), h('12:00')]);
    expect(r.orphans).toEqual([h('13:00')]);
    expect(r.orphanSlots).toEqual([-1]);
  });
});

describe('effective set (spec §5.2–§5.4)', () => {
  it('drops discarded punches, collapses equal minutes and sorts by instant', () => {
    expect(
      effectivePunches([{ at: 30 }, { at: 10 }, { at: 10 }, { at: 20, discarded: true }, { at: 5, source: 'I' }]),
    ).toEqual([5, 10, 30]);
  });
  it('inserts the pre-assigned interval only inside [first, last]', () => {
    expect(insertPreAssigned([h('08:00'), h('17:00')], SLOTS)).toEqual(['08:00', '12:00', '13:00', '17:00'].map(h));
    expect(insertPreAssigned([h('08:00'), h('11:00')], SLOTS)).toEqual([h('08:00'), h('11:00')]);
    expect(insertPreAssigned([h('08:00'), h('12:30')], SLOTS)).toEqual([h('08:00'), h('12:00')]);
    expect(insertPreAssigned([1, 2, 3, 4], SLOTS)).toEqual([1, 2, 3, 4]);
  });
  it('merges slots 2 and 3 when the second interval is paid', () => {
    expect(mergeSecondInterval([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 6]);
    expect(mergeSecondInterval([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });
});
