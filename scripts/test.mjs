#!/usr/bin/env node
/**
 * `npm test`: every test of the repository, in this order:
 *   1. all vitest projects (engine, fiscal, api, web) under TZ=UTC;
 *   2. the engine project again under TZ=America/Sao_Paulo (zone independence);
 *   3. the Playwright journeys against the built product on a fresh embedded
 *      database (skipped with a clear failure when Chromium is missing).
 * Prints one closing line `N passed, N failed` (CI reads it) and exits non-zero
 * on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './start.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'jornada-test-'));
const totals = { passed: 0, failed: 0 };
const only = process.argv.slice(2); // e.g. `npm test -- unit` or `-- e2e`

function vitest(label, env, args) {
  const out = join(work, `${label}.json`);
  console.log(`\n### ${label}`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (!existsSync(out)) {
    totals.failed += 1;
    console.error(`${label}: vitest não produziu relatório (código ${r.status})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (r.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
}

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.status < 500) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

async function e2e() {
  console.log('\n### e2e (Playwright, Chromium do sistema)');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`Chromium não encontrado em ${chromium}: instale com 'apt-get install -y chromium' (README).`);
    totals.failed += 1;
    return;
  }
  ensureWebBuilt();
  const port = await freePort();
  const dataDir = join(work, 'e2e-data');
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JORNADA_DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    if (!(await waitFor(`http://127.0.0.1:${port}/api/login/validar-token`, 60_000))) {
      console.error('O servidor não respondeu em 60 s.');
      totals.failed += 1;
      return;
    }
    const out = join(work, 'e2e.json');
    spawnSync(
      'npx',
      ['playwright', 'test', '--config', join(root, 'e2e/playwright.config.ts'), '--reporter=list,json'],
      {
        cwd: join(root, 'e2e'),
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: `http://127.0.0.1:${port}`,
          PLAYWRIGHT_JSON_OUTPUT_NAME: out,
          E2E_JSON_REPORT: out,
        },
      },
    );
    if (!existsSync(out)) {
      totals.failed += 1;
      console.error('Playwright não produziu relatório.');
      return;
    }
    const stats = JSON.parse(readFileSync(out, 'utf8')).stats;
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
  } finally {
    server.kill('SIGTERM');
  }
}

const want = (part) => only.length === 0 || only.includes(part);
if (want('unit')) {
  vitest('vitest (TZ=UTC)', { TZ: 'UTC' }, []);
  vitest('engine (TZ=America/Sao_Paulo)', { TZ: 'America/Sao_Paulo' }, ['--project', 'engine']);
}
if (want('e2e')) await e2e();
rmSync(work, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
