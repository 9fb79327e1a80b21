import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAfd } from '../src/afd/reader.js';
import type { AfdIssue, AfdParseResult } from '../src/afd/types.js';

/**
 * The shared fixtures (read-only): `shared/` stands beside the repository's
 * root (README); FISCAL_FIXTURES overrides.
 */
const besideRepo = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'afd');
export const FIXTURES =
  process.env.FISCAL_FIXTURES ?? (existsSync(besideRepo) ? besideRepo : '/work/shared/fixtures/afd');

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
