import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run new:register` keeps working (issue 21 §4): on a copy of the repository (git's files, the working
 * tree's text; node_modules linked from the real one), a missing anchor and a failed write leave the tree as it
 * was, and a scaffolded register passes what CI asks of code: the type checks of the three projects it touches,
 * the real eslint configuration on every file it wrote, its migration, and its own api (PGlite) and web tests.
 */
const root = join(import.meta.dirname, '..');
const AREA = ['turnos', '--entidade', 'Turno', '--perm', 'MUDANCA_HORARIO'];

let copy: string;

/** The repository's files into `dest`: tracked and untracked-but-not-ignored, as the working tree has them. */
function copySources(dest: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const rel of listed.stdout.split('\0').filter(Boolean)) {
    const from = join(root, rel);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(dest, rel)), { recursive: true });
    cpSync(from, join(dest, rel));
  }
}

/**
 * Each workspace's node_modules as a folder of links to the real one's entries: a link to a workspace package
 * (`@jornada/contracts → ../../packages/contracts`) is made again relative, so it points into the copy; the
 * dot folders (vite's caches) are the copy's own.
 */
function linkNodeModules(dest: string): void {
  const workspaces = [
    '.',
    ...(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces,
  ];
  const linkEntries = (from: string, to: string, scoped: boolean) => {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (name.startsWith('.') && name !== '.bin') continue;
      const source = join(from, name);
      const stat = lstatSync(source);
      if (stat.isSymbolicLink() && !readlinkSync(source).startsWith('/'))
        symlinkSync(readlinkSync(source), join(to, name));
      else if (!scoped && name.startsWith('@') && stat.isDirectory()) linkEntries(source, join(to, name), true);
      else symlinkSync(source, join(to, name));
    }
  };
  for (const ws of workspaces) {
    const modules = join(root, ws, 'node_modules');
    if (existsSync(modules)) linkEntries(modules, join(dest, ws, 'node_modules'), false);
  }
}

/** Path → hash of every file (and folder) of the copy but node_modules: "the tree" a refusal must leave as it was. */
function snapshot(dir = copy, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      into.set(`${relative(copy, path)}/`, 'pasta'); // an empty folder left behind counts too
      snapshot(path, into);
    } else into.set(relative(copy, path), createHash('sha1').update(readFileSync(path)).digest('hex'));
  }
  return into;
}

/** The children get a plain environment: no vitest worker's variables, no PostgreSQL (the api test runs on PGlite). */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VITEST|TEST_DATABASE_URL$|TEST_BACKENDS$|JORNADA_|FORCE_COLOR$)/.test(k) && k !== 'NODE_ENV') env[k] = v;
  return { ...env, NO_COLOR: '1' };
}

interface Run {
  code: number | null;
  out: string;
}

/** Runs `node <args>` in the copy (async, so two can share the machine's two cores). */
function node(args: string[], cwd = copy): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    // eslint-disable-next-line no-control-regex
    child.on('close', (code) => resolve({ code, out: out.replace(/\u001b\[[0-9;]*m/g, '') }));
  });
}

const scaffold = (args: string[]) => node(['scripts/new-register.mjs', ...args]);
const bin = (path: string) => join(copy, 'node_modules', path);

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'jornada-new-register-'));
  copySources(copy);
  linkNodeModules(copy);
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run new:register', () => {
  it('recusa sem escrever nada quando falta uma âncora, nomeando-a', async () => {
    const before = snapshot();
    const modules = join(copy, 'apps/api/src/modules/index.ts');
    const original = readFileSync(modules, 'utf8');
    writeFileSync(modules, original.replace('export const API_MODULES', 'export const MODULOS'));
    try {
      const r = await scaffold(AREA);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain('API_MODULES');
      expect(r.out).toContain('apps/api/src/modules/index.ts');
      expect(r.out).toContain('Nada foi escrito');
    } finally {
      writeFileSync(modules, original);
    }
    expect(snapshot()).toEqual(before);
  });

  it('recusa sem escrever nada quando faltam as permissões do --perm', async () => {
    const before = snapshot();
    const r = await scaffold(['turnos', '--entidade', 'Turno', '--perm', 'TURNOS']);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('TURNOS_VER, TURNOS_NOVO, TURNOS_EDITAR, TURNOS_EXCLUIR');
    expect(snapshot()).toEqual(before);
  });

  it('desfaz tudo quando uma gravação falha no meio', async () => {
    // A plain file where the page's folder goes: every anchor is there, the registries are written, then
    // creating apps/web/src/features/turnos/components/ fails (ENOTDIR/EEXIST).
    const blocker = join(copy, 'apps/web/src/features/turnos/components');
    mkdirSync(dirname(blocker), { recursive: true });
    writeFileSync(blocker, '');
    try {
      const before = snapshot();
      const r = await scaffold(AREA);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain('Tudo foi desfeito');
      expect(snapshot()).toEqual(before);
    } finally {
      rmSync(dirname(blocker), { recursive: true, force: true });
    }
  });

  // One scaffold, checked in three steps (each its own test, so a slow machine's time is per step, not summed).
  let touched: string[] = [];

  it('gera um cadastro: escreve os arquivos, anota os registros e a migração da tabela nova', async () => {
    const before = snapshot();
    const r = await scaffold(AREA);
    expect(r.code, r.out).toBe(0);
    const after = snapshot();
    touched = [...after.keys()].filter((f) => after.get(f) !== before.get(f));
    expect(touched).toContain('apps/api/src/modules/index.ts');
    expect(touched).toContain('apps/web/src/features/turnos/components/turnos-page.test.tsx');

    // The new table's migration, as `npm run db:generate` would write it.
    const migrations = join(copy, 'apps/api/src/db/migrations');
    const sqlBefore = new Set(readdirSync(migrations));
    const gen = await node(
      [
        bin('drizzle-kit/bin.cjs'),
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/db/schema/index.ts',
        '--out',
        './src/db/migrations',
        '--name',
        'turnos',
      ],
      join(copy, 'apps/api'),
    );
    const added = readdirSync(migrations).filter((f) => !sqlBefore.has(f));
    expect(added, gen.out).toHaveLength(1);
    expect(readFileSync(join(migrations, added[0]!), 'utf8')).toMatch(/CREATE TABLE "turnos"/);
  });

  it('o cadastro gerado compila (contracts, api, web) e passa no lint', async () => {
    expect(touched.length, 'o passo anterior gerou o cadastro').toBeGreaterThan(0);
    // Two at a time: the machine has two cores.
    const tsc = (p: string) => node([bin('typescript/bin/tsc'), '--noEmit', '-p', p]);
    const [contracts, api] = await Promise.all([tsc('packages/contracts'), tsc('apps/api')]);
    const [web, lint] = await Promise.all([
      tsc('apps/web'),
      node([bin('eslint/bin/eslint.js'), '--max-warnings', '0', ...touched]),
    ]);
    expect(contracts.code, contracts.out).toBe(0);
    expect(api.code, api.out).toBe(0);
    expect(web.code, web.out).toBe(0);
    expect(lint.code, lint.out).toBe(0);
  });

  it('o cadastro gerado passa nos próprios testes (api e web)', async () => {
    expect(touched.length, 'o primeiro passo gerou o cadastro').toBeGreaterThan(0);
    const tests = await node([
      bin('vitest/vitest.mjs'),
      'run',
      '--project',
      'api',
      '--project',
      'web',
      'apps/api/src/modules/turnos',
      'apps/web/src/features/turnos',
    ]);
    expect(tests.code, tests.out).toBe(0);
    expect(tests.out).toMatch(/Test Files\s+(\S+\s+)?2 passed/);
  });
});
