#!/usr/bin/env node
/**
 * `npm run check` (and CI): formatting, lint, typecheck, declared
 * dependencies, Drizzle schema ↔ migrations, then `npm test` (arguments pass
 * through: `npm run check -- unit`). Every step runs even after one fails, so
 * one run reports everything; each check counts as one test in the closing
 * line `N passed, N failed`, so a lint error fails CI like a failing test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
// Longest first, two at a time (below).
const checks = [
  ['lint (eslint)', ['run', '--silent', 'lint']],
  ['tipos (tsc)', ['run', '--silent', 'typecheck']],
  ['formatação (prettier)', ['run', '--silent', 'format:check']],
  ['dependências declaradas', ['run', '--silent', 'deps:check']],
  ['schema Drizzle ↔ migrações', ['run', '--silent', 'db:check']],
];

const totals = { passed: 0, failed: 0 };
const failedChecks = [];

/** One check in a child process, its output kept and printed whole when it ends (checks run side by side). */
function runCheck([label, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (status) => {
      console.log(`\n### ${label}`);
      process.stdout.write(Buffer.concat(out));
      console.log(`${label}: ${status === 0 ? 'ok' : 'FALHOU'} (${Math.round((Date.now() - started) / 1000)} s)`);
      if (status === 0) totals.passed += 1;
      else {
        totals.failed += 1;
        failedChecks.push(label);
      }
      resolve();
    });
  });
}

// lint and tsc are one core each, for a minute or more: on two cores they run at once.
let next = 0;
const lane = async () => {
  while (next < checks.length) await runCheck(checks[next++]);
};
await Promise.all([lane(), lane()]);

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
