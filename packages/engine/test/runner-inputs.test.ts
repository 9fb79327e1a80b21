import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase } from '../tools/case-adapter.js';
import { compareCase } from './compare.js';

/**
 * engine-cases.md inputs that a runner can silently drop: each case of
 * cases/runner-inputs.json passes as written (golden.test.ts runs it too), and
 * fails once the input is removed — so a runner that ignores the input cannot
 * pass the golden case by accident.
 */
type Case = Record<string, any>;
const doc = JSON.parse(readFileSync(join(import.meta.dirname, 'cases', 'runner-inputs.json'), 'utf8'));
const byId = (id: string): Case => structuredClone(doc.cases.find((c: Case) => c.id === id));
const mismatches = (c: Case) => compareCase(c, runCase(c, doc.defaults.policy));

const DROPS: [string, string, (c: Case) => void][] = [
  ['RUN-01', 'dayResultDate', (c) => delete c.dayResultDate],
  ['RUN-02', 'dayType holiday of every query', (c) => c.queries.forEach((q: Case) => delete q.dayType)],
  ['RUN-04', 'redefinirSaldo (positive balance)', (c) => delete c.input.redefinirSaldo],
  ['RUN-05', 'redefinirSaldo (negative balance)', (c) => delete c.input.redefinirSaldo],
  ['RUN-06', 'plannedOffDays', (c) => delete c.input.plannedOffDays],
];

describe('runner passes every case input to the engine', () => {
  for (const [id, input, drop] of DROPS) {
    it(`${id}: passes with ${input}, fails without it`, () => {
      const c = byId(id);
      expect(mismatches(c)).toEqual([]);
      drop(c);
      expect(mismatches(c).length).toBeGreaterThan(0);
    });
  }
});
