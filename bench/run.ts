/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after
 * the other (the machine has two cores; parallel benchmarks would disturb each
 * other's figures). Pass names to run only some: `npm run bench -- engine`.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
