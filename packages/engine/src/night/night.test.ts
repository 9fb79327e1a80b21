import fc from 'fast-check';
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

  it('splits at every window edge and the extension start, and nowhere else', () => {
    const hhmm = (m: number): string =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: -1440, max: 2880 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: -1440, max: 2880 }),
        fc.integer({ min: 0, max: 3000 }),
        (ws, we, j0, jl, a0, len) => {
          const c = new NightClock(
            compilePolicy({ horaAdicionalNoturnoDe: hhmm(ws), horaAdicionalNoturnaAte: hhmm(we) }),
          );
          c.setExtension(D + j0, D + j0 + jl);
          const a = D + a0;
          const b = a + len;
          const out: number[] = [];
          splitByNight(c, a, b, out);
          // Pieces cover [a, b) in order; each is all night or all day.
          let s = a;
          for (let i = 0; i < out.length; i += 3) {
            expect(out[i]).toBe(s);
            expect(out[i + 1]!).toBeGreaterThan(s);
            const night = c.minutes(out[i]!, out[i + 1]!);
            expect(night === 0 || night === out[i + 1]! - out[i]!).toBe(true);
            expect(out[i + 2]).toBe(night > 0 ? 1 : 0);
            s = out[i + 1]!;
          }
          expect(s).toBe(len > 0 ? b : a);
          // Each inner cut is a window edge or the extension start.
          const edges = new Set<number>([c.extensionFrom]);
          for (let d = Math.floor(a / 1440) - 1; d <= Math.floor(b / 1440) + 1; d++) {
            edges.add(d * 1440 + ws);
            edges.add(ws > we ? (d + 1) * 1440 + we : d * 1440 + we);
          }
          const cuts = new Set<number>();
          for (let i = 3; i < out.length; i += 3) cuts.add(out[i]!);
          for (const x of cuts) expect(edges.has(x)).toBe(true);
          for (const e of edges) if (e > a && e < b) expect(cuts.has(e)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
