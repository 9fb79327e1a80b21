import { describe, expect, it } from 'vitest';
import { interjornadaShortfall, intrajornada } from './rest.js';

describe('interjornada (art. 66, Súmula 110, spec §11)', () => {
  it.each([
    [540, false, 660, 120],
    [660, false, 660, 0],
    [1920, true, 660, 180],
    [1920, false, 660, 0],
    [660, false, 720, 60],
  ])('rest %i, DSR between %s, required %i → %i', (rest, dsr, req, out) => {
    expect(interjornadaShortfall(10_000, { lastPunch: 10_000 - rest, unworkedDsrBetween: dsr }, req, null)).toBe(out);
  });
  it('is 0 without a previous journey', () => expect(interjornadaShortfall(10_000, null, 660, null)).toBe(0));
});

describe('art. 71 §4 (spec §12)', () => {
  it.each([
    [[0, 480], 480, 0, 60],
    [[0, 240, 300, 540], 480, 60, 0],
    [[0, 240, 270, 510], 480, 60, 30],
    [[0, 240, 270, 510], 480, 30, 0],
    [[0, 240, 260, 500], 480, 30, 10],
    [[0, 360], 360, 0, 15],
    [[0, 240], 240, 0, 0],
    [[0, 180, 210, 300, 360, 480], 420, 60, 0],
  ])('pairs %j, W %i, planned interval %i → %i suppressed', (pairs, w, planned, out) => {
    expect(intrajornada(pairs, w, planned, null).suppressed).toBe(out);
  });
});
