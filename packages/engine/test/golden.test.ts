import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCase } from '../tools/case-adapter.js';
import { compareCase } from './compare.js';

/**
 * Golden cases (hand-derived, each with its `derivation`) run through the same
 * adapter as `npm run engine:cases`; one vitest test per case.
 */
const dir = join(dirname(fileURLToPath(import.meta.url)), 'cases');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('golden cases', () => {
  it('has the case files and at least 250 own cases', () => {
    let own = 0;
    for (const f of files)
      if (f !== 'examples.json') own += JSON.parse(readFileSync(join(dir, f), 'utf8')).cases.length;
    expect(files).toContain('examples.json');
    expect(own).toBeGreaterThanOrEqual(250);
  });
  const ids = new Set<string>();
  for (const f of files) {
    const doc = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    describe(f, () => {
      for (const c of doc.cases) {
        it(`${c.id} ${c.title ?? ''}`, () => {
          expect(ids.has(c.id), `id repetido ${c.id}`).toBe(false);
          ids.add(c.id);
          expect(typeof c.derivation === 'string' && c.derivation.length > 10).toBe(true);
          const r = runCase(c, doc.defaults?.policy);
          expect(compareCase(c, r)).toEqual([]);
        });
      }
    });
  }
});
