import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../policy/compile.js';
import { attributePunches, dayCut } from './attribute.js';

describe('day cut (spec §5.1)', () => {
  const p = compilePolicy({});
  it('is the midpoint of the planned rest, floored', () => {
    expect(dayCut(0, [480, 1020], [1440 + 480], p)).toBe(1440 + 30);
    expect(dayCut(0, [1320, 1800], [1440 + 1320], p)).toBe(1440 + 840);
    expect(dayCut(0, [480, 1020], [1440 + 479], p)).toBe(1440 + 29);
  });
  it('is midnight without a template and horasFechamento when validarFechamento', () => {
    expect(dayCut(0, [], [1440 + 480], p)).toBe(1440);
    expect(
      dayCut(0, [480, 1020], [1440 + 480], compilePolicy({ validarFechamento: true, horasFechamento: '03:00' })),
    ).toBe(1440 + 180);
  });
  it('attributes by window, later day on the cut, and applies Mover Marcações', () => {
    const slots = (d: number) => [d * 1440 + 480, d * 1440 + 1020];
    const punches = [
      { at: 480 },
      { at: 1440 + 30 },
      { at: 1440 + 29 },
      { at: 1440 + 600, move: -1 },
      { at: 2 * 1440 + 600 },
    ];
    const out = attributePunches(punches, 0, 1, slots, p);
    expect(out[0]!.map((x) => x.at)).toEqual([480, 1440 + 29, 1440 + 600]);
    expect(out[1]!.map((x) => x.at)).toEqual([1440 + 30]);
  });
});
