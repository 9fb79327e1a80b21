import { format } from 'node:util';
import { vi } from 'vitest';

/**
 * console.error is how React reports what a test must not ignore: updates
 * outside act(), key warnings, and our own contract mismatches
 * (shared/http.ts). The setup collects them and fails the test that caused
 * them; a test that provokes one on purpose claims it with `expectConsoleError`.
 */
let errors: string[] = [];

export function installConsoleGuard(): void {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
}

export function takeConsoleErrors(): string[] {
  return errors.splice(0);
}

/** Claims the expected errors (and asserts there was one): the rest still fail the test. */
export function expectConsoleError(pattern: RegExp): void {
  const before = errors.length;
  errors = errors.filter((e) => !pattern.test(e));
  if (errors.length === before) throw new Error(`Nenhum console.error com ${pattern}`);
}
