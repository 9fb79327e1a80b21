import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace that has unit or route tests; each
// project keeps its own config (environment, setup files) beside its code.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
  },
});
