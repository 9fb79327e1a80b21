import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../shared/primereact-locale';
import { takeStubBreaches } from './api-stub';
import { installConsoleGuard, takeConsoleErrors } from './console-guard';

// The first render of a lazy screen transforms its module; on a loaded two-core box that alone has taken over 5 s.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no matchMedia; the layout asks it for the desktop breakpoint (default: desktop).
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

/**
 * What tests replace on browser globals by assignment (jsdom has no `URL.createObjectURL` to spy on; a camera is
 * defined on `navigator`): put back after every test, since a worker runs many files in one environment
 * (vitest.config.ts `isolate: false`).
 */
const urlStatics = Object.getOwnPropertyDescriptors(URL);
const mediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
function restoreBrowserGlobals() {
  for (const key of ['createObjectURL', 'revokeObjectURL'] as const) {
    const original = urlStatics[key];
    if (original) Object.defineProperty(URL, key, original);
    else delete (URL as unknown as Record<string, unknown>)[key];
  }
  if (mediaDevices) Object.defineProperty(navigator, 'mediaDevices', mediaDevices);
  else delete (navigator as unknown as Record<string, unknown>).mediaDevices;
}

beforeEach(installConsoleGuard);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  restoreBrowserGlobals();
  const problems = [...takeConsoleErrors().map((e) => `console.error: ${e}`), ...takeStubBreaches()];
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
});
