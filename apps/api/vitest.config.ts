import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.postgres.test.ts` files test what exists only on a PostgreSQL server (several processes on one
 * database): collected only when one is there (TEST_DATABASE_URL) and not excluded by TEST_BACKENDS,
 * so `npm test` on a machine without PostgreSQL finds no file without a suite.
 */
const comPostgres =
  Boolean(process.env.TEST_DATABASE_URL) &&
  (!process.env.TEST_BACKENDS || process.env.TEST_BACKENDS.split(',').includes('postgres'));

export default defineConfig({
  test: {
    name: 'api',
    // test/emulador-controlid: the Control iD device emulator's own tests (it lives beside the test harness).
    include: ['src/**/*.test.ts', 'test/emulador-controlid/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(comPostgres ? [] : ['src/**/*.postgres.test.ts'])],
    environment: 'node',
    // One module graph per worker, not per file: each file loaded Fastify, Drizzle, pg-boss and PGlite's WASM
    // again (import was 40 % of the project's CPU). Files share no module state: each builds its own app and
    // database (test/harness.ts) and none mocks a module or changes process.env (decision 0067).
    isolate: false,
    // The migrated (and seeded) databases every test file copies: built once per run.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
