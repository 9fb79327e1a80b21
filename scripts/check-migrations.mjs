#!/usr/bin/env node
/**
 * The Drizzle schema and the committed migrations agree: `drizzle-kit generate`
 * run on a copy of the migrations folder must find nothing to write. A schema
 * change without its migration would pass every test (the tests migrate from
 * the same folder the server does) and then fail on a real database whose
 * tables the migrations built, so this runs in `npm run check` and CI.
 * Exit code 1, with what drizzle-kit would have generated, on a difference.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const api = join(root, 'apps/api');
const migrations = join(api, 'src/db/migrations');
const copy = mkdtempSync(join(tmpdir(), 'jornada-migrations-'));

try {
  cpSync(migrations, copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/drizzle-kit/bin.cjs'),
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      // drizzle-kit reads the folder as `./${out}`: an absolute path breaks it.
      '--out',
      relative(api, copy),
    ],
    // No stdin: a rename question would otherwise wait forever for an answer.
    { cwd: api, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const added = readdirSync(copy).filter((f) => !before.has(f));
  // drizzle-kit exits 0 even when it fails to read the folder: only its
  // "nothing to migrate" line proves it compared and found no difference.
  const same = r.status === 0 && added.length === 0 && /No schema changes/.test(r.stdout);
  if (!same) {
    console.error(r.stdout, r.stderr);
    for (const f of added.filter((f) => f.endsWith('.sql')))
      console.error(`--- ${f}\n${readFileSync(join(copy, f), 'utf8')}`);
    console.error(
      added.length > 0
        ? 'O schema Drizzle mudou sem migração: rode `npm run db:generate` e faça commit da migração.'
        : `drizzle-kit generate não comparou o schema com as migrações (código ${r.status ?? r.signal}).`,
    );
    process.exitCode = 1;
  } else {
    console.log('schema Drizzle e migrações conferem');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
