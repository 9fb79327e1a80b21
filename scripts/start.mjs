#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its sources are newer than the last
 * build, then runs the API server (which serves the built app, migrates the
 * database and seeds the demo data on first start).
 * PORT, JORNADA_DATA_DIR and DATABASE_URL are honoured (README).
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function ensureWebBuilt() {
  const index = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newestMtime(join(root, 'apps/web/src')),
    newestMtime(join(root, 'packages/contracts/src')),
    statSync(join(root, 'apps/web/index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Compilando a aplicação web…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureWebBuilt();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    stdio: 'inherit',
    env: { ...process.env, JORNADA_DATA_DIR: process.env.JORNADA_DATA_DIR ?? join(root, 'data') },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}
