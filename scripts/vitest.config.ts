import { defineConfig } from 'vitest/config';

// Tests of the repository itself (lint rules, tooling), not of a workspace.
export default defineConfig({
  test: {
    name: 'repo',
    include: ['scripts/**/*.test.ts'],
    root: new URL('..', import.meta.url).pathname,
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
