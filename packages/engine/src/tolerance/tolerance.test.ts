import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../policy/compile.js';
import type { RawDay } from '../raw/raw.js';
import { applyTolerance } from './tolerance.js';

const raw = (o: Partial<RawDay>): RawDay => ({
  mode: 'fixed',
  planned: 480,
  worked: 480,
  falta: 0,
  fm: 0,
  atraso: 0,
  saida: 0,
  excesso: 0,
  cE: 0,
  cL: 0,
  cI: 0,
  credit: 0,
  singleVariation: false,
  first: 0,
  last: 0,
  posFalta: [],
  posFm: [],
  posAtraso: [],
  posSaida: [],
  timeline: [],
  ...o,
});

describe('tolerances (art. 58 §1, Súmula 366, spec §7)', () => {
  const p = compilePolicy({});
  it.each([
    [5, 0, 0, [0, 0, 0]],
    [6, 0, 0, [6, 0, 0]],
    [5, 5, 0, [0, 0, 0]],
    [5, 5, 1, [5, 5, 1]],
    [4, 4, 3, [4, 4, 3]],
    [0, 0, 6, [0, 0, 6]],
    [2, 3, 5, [0, 0, 0]],
  ])('atraso %i, saída %i, excesso %i → %j', (a, s, e, out) => {
    const c = applyTolerance(raw({ atraso: a, saida: s, excesso: e }), p, null);
    expect([c.atraso, c.saida, c.excesso]).toEqual(out);
  });
  it.each([
    [5, 5, 0, 0],
    [6, 5, 0, 11],
    [6, 0, 0, 6],
    [4, 4, 3, 11],
    [3, 3, 3, 0],
  ])('credit cE %i, cL %i, cI %i → %i', (cE, cL, cI, out) => {
    expect(applyTolerance(raw({ cE, cL, cI, credit: cE + cL + cI }), p, null).credit).toBe(out);
  });
  it('treats flexible/off-span credit as one variation and P = 0 days without tolerance', () => {
    expect(applyTolerance(raw({ credit: 6, cL: 6, singleVariation: true }), p, null).credit).toBe(6);
    expect(applyTolerance(raw({ credit: 5, cL: 5, singleVariation: true }), p, null).credit).toBe(0);
    expect(applyTolerance(raw({ planned: 0, credit: 3 }), p, null).credit).toBe(3);
  });
});
