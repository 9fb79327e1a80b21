import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAfd } from '../src/afd/reader.js';
import type { AfdIssue, AfdParseResult } from '../src/afd/types.js';

/**
 * Copies of shared/fixtures/afd (byte for byte, provenance in fixtures/README.md)
 * live beside the tests so that a clone without ../shared still passes.
 */
export const FIXTURES = join(import.meta.dirname, 'fixtures');

export function fixture(path: string): Buffer {
  return readFileSync(join(FIXTURES, path));
}

/** `code@line` for compact assertions. */
export function codes(r: { issues: AfdIssue[] }): string[] {
  return r.issues.map((i) => `${i.code}@${i.line}`);
}

export function parseText(text: string, fileName?: string): AfdParseResult {
  return parseAfd(Buffer.from(text, 'latin1'), fileName ? { fileName } : {});
}

export function punches(r: AfdParseResult) {
  return r.records.filter((x) => x.type === 3 || x.type === 7);
}
