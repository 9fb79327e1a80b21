import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../policy/compile.js';
import { NightClock, splitByNight, toReduced } from './night.js';

const D = 20214 * 1440; // 2025-05-06 00:00
const at = (h: number, m = 0, day = 0): number => D + day * 1440 + h * 60 + m;

describe('night window and reduced hour (art. 73, spec §9)', () => {
  const policy = compilePolicy({});
  it.each([
    [420, 480],
    [360, 411],
    [150, 171],
    [30, 34],
    [480, 549],
    [0, 0],
  ])('%i real → %i reduced', (real, reduced) => expect(toReduced(real, policy)).toBe(reduced));

  it('counts window minutes by intersection, across midnight', () => {
    const c = new NightClock(policy);
    expect(c.windowMinutes(at(20), at(23))).toBe(60);
    expect(c.windowMinutes(at(22), at(5, 0, 1))).toBe(420);
    expect(c.windowMinutes(at(4), at(8))).toBe(60);
    expect(c.windowMinutes(at(6), at(21, 59))).toBe(0);
  });

  it('extends after 05:00 only when the whole window is covered (Súmula 60 II, strict)', () => {
    const c = new NightClock(policy);
    expect(c.setExtension(at(22), at(6, 0, 1))).toBe(at(5, 0, 1));
    expect(c.minutes(at(22), at(6, 0, 1))).toBe(480);
    expect(c.setExtension(at(23), at(7, 0, 1))).toBe(Infinity);
    expect(c.minutes(at(23), at(7, 0, 1))).toBe(360);
  });

  it('supports a non-wrapping window', () => {
    const c = new NightClock(compilePolicy({ horaAdicionalNoturnoDe: '00:00', horaAdicionalNoturnaAte: '05:00' }));
    expect(c.windowMinutes(at(22), at(6, 0, 1))).toBe(300);
    expect(c.setExtension(at(22), at(6, 0, 1))).toBe(Infinity);
  });

  it('splits a segment into day and night pieces', () => {
    const out: number[] = [];
    splitByNight(new NightClock(policy), at(21), at(23), out);
    expect(out).toEqual([at(21), at(22), 0, at(22), at(23), 1]);
  });
});
