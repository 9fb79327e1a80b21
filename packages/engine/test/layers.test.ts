import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycle, importsOf, LAYERS, layerViolations, readImportGraph, type ImportGraph } from './layers.js';

const pkg = join(import.meta.dirname, '..');
const graph = readImportGraph(join(pkg, 'src'));

describe('engine layers (NOTES.md "Layers")', () => {
  it('src imports only downward, only inside src, and every folder is a listed layer', () => {
    expect(graph.size).toBeGreaterThanOrEqual(25);
    expect(layerViolations(graph)).toEqual([]);
  });

  it('src has no import cycle', () => {
    expect(findCycle(graph)).toBeNull();
  });

  it('the model layer imports nothing outside itself', () => {
    const model = [...graph].filter(([m]) => m.startsWith('model/'));
    expect(model.length).toBeGreaterThan(5);
    for (const [, targets] of model) for (const t of targets) expect(t).toMatch(/^model\//);
  });

  it('NOTES.md lists the same layers in the same order', () => {
    const notes = readFileSync(join(pkg, 'NOTES.md'), 'utf8');
    const section = notes.slice(notes.indexOf('## Layers'));
    const listed = [...section.matchAll(/^\d+\. `([a-z-]+)/gm)].map((m) => m[1]);
    expect(listed).toEqual([...LAYERS]);
  });
});

// The checker itself must be able to fail, or the tests above prove nothing.
describe('layer checker', () => {
  const g = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('reads every import form, resolving relative specifiers', () => {
    const src = [
      "import { a } from '../model/civil.js';",
      "import type {\n  B,\n} from './types.js';",
      "export * from '../night/night.js';",
      "import 'node:fs';",
      "const x = await import('../period/period.js');",
      "type K = Omit<Day, 'from' | 'to'>;",
    ].join('\n');
    expect(importsOf('day/calculate-day.ts', src)).toEqual([
      'model/civil.ts',
      'day/types.ts',
      'night/night.ts',
      'node:fs',
      'period/period.ts',
    ]);
  });

  it('reports an upward import, an import from outside src and an unlisted folder', () => {
    const bad = g({
      'model/day.ts': ['period/period.ts'],
      'night/night.ts': ['node:fs', '../tools/case-adapter.ts'],
      'extra/x.ts': [],
      'period/period.ts': ['model/day.ts'],
    });
    expect(layerViolations(bad)).toEqual([
      'model/day.ts → period/period.ts: model está abaixo de period',
      'night/night.ts → node:fs: importa fora de src',
      'night/night.ts → ../tools/case-adapter.ts: importa fora de src',
      'extra/x.ts: pasta fora da lista de camadas',
    ]);
  });

  it('finds a cycle inside one layer, which the ordering alone allows', () => {
    const cyclic = g({
      'schedule/a.ts': ['schedule/b.ts'],
      'schedule/b.ts': ['schedule/c.ts'],
      'schedule/c.ts': ['schedule/a.ts', 'model/x.ts'],
      'model/x.ts': [],
    });
    expect(layerViolations(cyclic)).toEqual([]);
    expect(findCycle(cyclic)).toEqual(['schedule/a.ts', 'schedule/b.ts', 'schedule/c.ts', 'schedule/a.ts']);
  });
});
