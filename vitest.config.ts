import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace that has unit or route tests; each
// project keeps its own config (environment, setup files) beside its code.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine,
    // where the main process sits idle. Every core runs test files (measured in the session-4 note).
    maxWorkers: availableParallelism(),
  },
});
