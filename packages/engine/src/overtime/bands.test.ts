import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../policy/compile.js';
import type { OvertimeBandInput } from '../model/policy.js';
import { NightClock } from '../night/night.js';
import { distributeOvertime } from './bands.js';

const band = (tipo: number, ate: number, pct: number): OvertimeBandInput => ({
  tipo,
  ate,
  segunda: pct,
  terca: pct,
  quarta: pct,
  quinta: pct,
  sexta: pct,
  sabado: pct,
  domingo: pct,
  feriado: pct,
  folga: pct,
});
const D = 20214 * 1440;
const at = (h: number, m = 0): number => D + h * 60 + m;

describe('positional bands (spec §10.2, §10.3, §13.2)', () => {
  const policy = compilePolicy({ faixasHoraExtra: [band(1, 2, 50), band(1, 99, 100)] });
  const run = (timeline: number[], bank: { priority: 1 | 2; limit: number } | null = null, p = policy) =>
    distributeOvertime(timeline, new NightClock(p), p, 'terca', bank);

  it('fills bands in timeline order', () => {
    expect(run([at(17), at(20)]).overtime).toEqual({ 50: 120, 100: 60 });
    expect(run([at(6), at(8), at(17), at(19)]).overtime).toEqual({ 50: 120, 100: 120 });
  });

  it.each([
    [2, 60, { 50: 60 }, 90],
    [1, 60, { 50: 60, 100: 30 }, 60],
    [2, Infinity, { 50: 120, 100: 30 }, 0],
    [1, Infinity, {}, 150],
    [2, 0, {}, 150],
    [1, 0, { 50: 120, 100: 30 }, 0],
  ])('priority %i limit %s → paid %j, banked %i (positions kept)', (priority, limit, paid, banked) => {
    const r = run([at(17), at(19, 30)], { priority: priority as 1 | 2, limit });
    expect(r.overtime).toEqual(paid);
    expect(r.bankMinutes).toBe(banked);
    expect(r.total).toBe(150);
  });

  it('uses a separate tipo-2 counter for night minutes', () => {
    const p = compilePolicy({ faixasHoraExtra: [band(1, 2, 50), band(1, 99, 100), band(2, 1, 60), band(2, 99, 80)] });
    const r = run([at(17), at(23, 30)], null, p);
    expect(r.overtime).toEqual({ 50: 120, 100: 180 });
    expect(r.overtimeNight).toEqual({ 60: 60, 80: 30 });
    expect(r.overtimeNightReduced).toEqual({ 60: 69, 80: 34 });
  });
});
