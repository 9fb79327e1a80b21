import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareCase } from './compare.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'tools', 'run-cases.ts');
const tsx = join(here, '..', '..', '..', 'node_modules', '.bin', 'tsx');
const run = (file: string) => spawnSync(tsx, [cli, file], { encoding: 'utf8', timeout: 60_000 });

describe('engine:cases runner (spec engine-cases.md)', () => {
  it('prints only the results document and exits 0; every example passes', () => {
    const file = join(here, 'cases', 'examples.json');
    const r = run(file);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { id: string; actual?: unknown; error?: string }[] };
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(out.results.map((x) => x.id)).toEqual(doc.cases.map((c: { id: string }) => c.id));
    doc.cases.forEach((c: Record<string, unknown>, i: number) => expect(compareCase(c, out.results[i]!)).toEqual([]));
  });

  it('answers a case it cannot run with an error and still exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-cases-'));
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'engine-cases/1',
        cases: [
          { id: 'X-1', kind: 'nope' },
          { id: 'X-2', kind: 'day', date: '2025-13-01', expected: {} },
        ],
      }),
    );
    const r = run(file);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.results).toHaveLength(2);
    expect(out.results[0].error).toMatch(/desconhecido/);
    expect(out.results[1].error).toMatch(/data inválida/);
  });

  it('exits non-zero only when the file cannot be read', () => {
    expect(run('/nonexistent/cases.json').status).not.toBe(0);
  });
});
