import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys against the built product on the system Chromium (architecture §5).
 * Each worker starts the product itself (tests/helpers.ts `servidor`);
 * E2E_BASE_URL points every journey at a running server instead.
 */
const HEADLESS_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The journeys compute "today" in Node and compare it with what the product shows in the demo company's
 * zone, which is also the browser's: Node runs in that zone too, or from 21:00 to midnight in São Paulo
 * (00:00–03:00 UTC, CI runs with TZ=UTC) the two dates differ. Set before the workers start, which inherit it.
 */
const ZONA = 'America/Sao_Paulo';
process.env.TZ = ZONA;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Each worker starts its own product and database (tests/helpers.ts), so spec files run in
  // parallel; against one given server (E2E_BASE_URL) they share its data, hence one worker.
  workers: process.env.E2E_BASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A journey takes 5–30 s alone; on a loaded two-core machine (both workers, or a slower day: one CI's browser
  // part took twice its usual time) several passed a one-minute limit at a late step. A hang still fails.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    locale: 'pt-BR',
    timezoneId: ZONA,
    viewport: { width: 1366, height: 800 },
    // A failed journey keeps its trace (actions, DOM snapshots, network, console), without the screencast: its
    // frames were composited by Chromium's software GPU process all through every passing journey too, 40 % of
    // the browser part's CPU on this two-core machine. The failure's own screenshot stays.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: HEADLESS_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } } }],
});
