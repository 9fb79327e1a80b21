import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom and one module graph per worker, not per file (environment and imports were a third of the
    // project's time). test/setup.ts puts back, after every test, what a test may change on the globals:
    // the DOM, storage, stubs, mocks, timers (decision 0067).
    isolate: false,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // PrimeReact's transitions run on real timers (waits on our own delays use fake timers); headroom for a shared box.
    testTimeout: 20_000,
  },
});
