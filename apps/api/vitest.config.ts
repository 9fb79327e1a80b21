import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The migrated (and seeded) databases every test file copies: built once per run.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
