import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
// One list for this test and the lint rule (eslint.config.js reads the same file).
import layerList from '../layers.json' with { type: 'json' };

/**
 * The engine's layers, lowest first (NOTES.md "Layers"). A module may import
 * its own folder and any folder listed before it, never one listed after it:
 * the order is the calculation order of spec §19, so a step can use an earlier
 * step's result but never a later one. `index` is the public API at src/.
 */
export const LAYERS: readonly string[] = layerList;

/** Module path relative to src, posix, with `.ts` → its imports (relative to src, `.ts`). */
export type ImportGraph = Map<string, string[]>;

// Statements only (a type such as Omit<T, 'from' | 'to'> must not read as an import):
// import/export … from '…' at the start of a line, import '…', and import('…').
const SPECIFIER =
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

/** Reads every non-test module under `srcDir`; tests are consumers of the layers, not part of them. */
export function readImportGraph(srcDir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const from = relative(srcDir, full).split(sep).join('/');
        graph.set(from, importsOf(from, readFileSync(full, 'utf8')));
      }
    }
  };
  walk(srcDir);
  return graph;
}

/** Specifiers of one module's source; relative ones resolved against it, others kept as written. */
export function importsOf(from: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    out.push(spec.startsWith('.') ? posix.join(posix.dirname(from), spec).replace(/\.js$/, '.ts') : spec);
  }
  return out;
}

export function layerOf(module: string): string {
  return module.includes('/') ? module.slice(0, module.indexOf('/')) : module.replace(/\.ts$/, '');
}

/** Every import that goes upward, leaves src (the engine has no dependencies) or sits in no layer. */
export function layerViolations(graph: ImportGraph, layers: readonly string[] = LAYERS): string[] {
  const rank = (m: string) => layers.indexOf(layerOf(m));
  const out: string[] = [];
  for (const [from, targets] of graph) {
    if (rank(from) < 0) out.push(`${from}: pasta fora da lista de camadas`);
    for (const to of targets) {
      if (!to.endsWith('.ts') || to.startsWith('..')) out.push(`${from} → ${to}: importa fora de src`);
      else if (rank(to) > rank(from)) out.push(`${from} → ${to}: ${layerOf(from)} está abaixo de ${layerOf(to)}`);
    }
  }
  return out;
}

/** One import cycle as a path [a, b, …, a], or null (depth-first search with colours). */
export function findCycle(graph: ImportGraph): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (m: string): string[] | null => {
    state.set(m, 'open');
    stack.push(m);
    for (const to of graph.get(m) ?? []) {
      if (state.get(to) === 'open') return [...stack.slice(stack.indexOf(to)), to];
      if (!state.has(to) && graph.has(to)) {
        const c = visit(to);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(m, 'done');
    return null;
  };
  for (const m of graph.keys()) {
    if (state.has(m)) continue;
    const c = visit(m);
    if (c) return c;
  }
  return null;
}
