#!/usr/bin/env node
/**
 * `npm run check` (and CI): formatting, lint, typecheck, declared
 * dependencies, Drizzle schema ↔ migrations, then `npm test` (arguments pass
 * through: `npm run check -- unit`). Every step runs even after one fails, so
 * one run reports everything; each check counts as one test in the closing
 * line `N passed, N failed`, so a lint error fails CI like a failing test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const checks = [
  ['formatação (prettier)', ['run', '--silent', 'format:check']],
  ['lint (eslint)', ['run', '--silent', 'lint']],
  ['tipos (tsc)', ['run', '--silent', 'typecheck']],
  ['dependências declaradas', ['run', '--silent', 'deps:check']],
  ['schema Drizzle ↔ migrações', ['run', '--silent', 'db:check']],
];

const totals = { passed: 0, failed: 0 };
const failedChecks = [];
for (const [label, args] of checks) {
  console.log(`\n### ${label}`);
  const started = Date.now();
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  console.log(`${label}: ${r.status === 0 ? 'ok' : 'FALHOU'} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (r.status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failedChecks.push(label);
  }
}

const work = mkdtempSync(join(tmpdir(), 'jornada-check-'));
const totalsFile = join(work, 'totals.json');
const t = spawnSync(process.execPath, [join(root, 'scripts/test.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, JORNADA_TOTALS_FILE: totalsFile },
});
try {
  const tests = JSON.parse(readFileSync(totalsFile, 'utf8'));
  totals.passed += tests.passed;
  totals.failed += tests.failed;
} catch {
  console.error(`npm test terminou sem totais (código ${t.status ?? t.signal}).`);
  totals.failed += 1;
}
rmSync(work, { recursive: true, force: true });

if (failedChecks.length) console.log(`\nVerificações que falharam: ${failedChecks.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
