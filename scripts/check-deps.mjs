#!/usr/bin/env node
/**
 * Every workspace declares what it imports, and declares nothing it does not
 * use. npm hoists every package to the root node_modules, so an undeclared
 * import works here by accident and breaks the day the package that brought it
 * drops it; an unused one is download and attack surface for nothing.
 *
 * Scans each workspace's sources (and the root's scripts/ and bench/) for
 * import/export-from/import()/require() specifiers and compares the package
 * names with the package.json. A package counts as used when imported, when
 * its binary runs in a package.json script, or when it is a known indirect use
 * listed in INDIRECT (with the reason). Exit code 1 with the list on a finding.
 */
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Used without an import the scan could see: `workspace package` → how. */
const INDIRECT = {
  'jornada @types/node': 'tsconfig "types": ["node"]',
  'jornada @types/autocannon': 'types of autocannon (bench/)',
  'jornada typescript': 'npm run typecheck (tsc)',
  'jornada prettier': 'npm run format:check',
  'jornada eslint': 'npm run lint',
  '@jornada/api @types/pg': 'types of pg',
  '@jornada/api @types/nodemailer': 'types of nodemailer',
  '@jornada/api @types/pdfmake': 'types of pdfmake',
  '@jornada/web @types/react': 'types of react',
  '@jornada/web @types/react-dom': 'types of react-dom',
  '@jornada/web jsdom': 'environment of the web vitest project',
};

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);
// import … from 'x' / export … from 'x' / import 'x' / import('x') / require('x'),
// each after a statement or expression boundary (so `'--import', 'tsx'` is not one).
const SPECIFIER =
  /(?:^|[\s;{}])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;{}])import\s*['"]([^'"]+)['"]|(?:^|[\s;{}(=,])(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

function files(dir, skip = new Set()) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || skip.has(entry.name) || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(p));
    else if (SOURCE.test(entry.name)) out.push(p);
  }
  return out;
}

function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (specifier.startsWith('virtual:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtinModules.includes(name) ? null : name;
}

function importsOf(file) {
  // Comments and template literals may quote imports (examples, generated
  // code in scripts/new-register.mjs); drop them before scanning.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, '``');
  const names = new Set();
  for (const m of text.matchAll(SPECIFIER)) {
    const name = packageName(m[1] ?? m[2] ?? m[3]);
    if (name) names.add(name);
  }
  return names;
}

function binariesIn(scripts) {
  const used = new Set();
  for (const line of Object.values(scripts ?? {})) for (const word of line.split(/[\s&|;]+/)) used.add(word);
  return used;
}

const workspaces = [
  // The root owns the repository-wide tooling and its own scripts/ and bench/.
  {
    dir: root,
    files: [
      ...files(join(root, 'scripts')),
      ...files(join(root, 'bench')),
      join(root, 'eslint.config.js'),
      join(root, 'vitest.config.ts'),
    ],
  },
  ...rootPkg.workspaces.map((w) => ({ dir: join(root, w), files: files(join(root, w)) })),
];

const problems = [];
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(join(ws.dir, 'package.json'), 'utf8'));
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ]);
  const imported = new Map();
  for (const f of ws.files) {
    if (!statSync(f).isFile()) continue;
    for (const name of importsOf(f)) {
      if (name === pkg.name) continue;
      if (!imported.has(name)) imported.set(name, relative(root, f));
    }
  }
  const label = pkg.name;
  for (const [name, where] of imported) {
    if (!declared.has(name)) problems.push(`${label}: importa ${name} (${where}) sem declarar no package.json`);
  }
  const bins = binariesIn(pkg.scripts);
  for (const name of declared) {
    if (imported.has(name) || bins.has(name) || `${label} ${name}` in INDIRECT) continue;
    problems.push(`${label}: declara ${name} sem usar`);
  }
}

if (problems.length) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log(`dependências declaradas e usadas em ${workspaces.length} pacotes`);
