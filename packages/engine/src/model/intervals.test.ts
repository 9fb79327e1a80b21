import { describe, expect, it } from 'vitest';
import { clip, lastMinutes, measure, measureWithin, subtract } from './intervals.js';

describe('flat half-open intervals (spec §2.7)', () => {
  const S = [480, 720, 780, 1020];
  it('measures and clips', () => {
    expect(measure(S)).toBe(480);
    expect(measureWithin(S, 700, 800)).toBe(40);
    expect(clip(S, 700, 800)).toEqual([700, 720, 780, 800]);
    expect(clip(S, 720, 780)).toEqual([]);
  });
  it('subtracts', () => {
    expect(subtract(S, [600, 800])).toEqual([480, 600, 800, 1020]);
    expect(subtract(S, [0, 2000])).toEqual([]);
    expect(subtract(S, [])).toEqual(S);
    expect(subtract([0, 10], [2, 3, 5, 6])).toEqual([0, 2, 3, 5, 6, 10]);
  });
  it('takes the last minutes', () => {
    expect(lastMinutes(S, 30)).toEqual([990, 1020]);
    expect(lastMinutes(S, 250)).toEqual([710, 720, 780, 1020]);
  });
});
