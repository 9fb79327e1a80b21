import { hash as sha256Hex } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { file, repC, repP } from './afd-lines.js';
import { codes, fixture, parseText } from './helpers.js';

/**
 * Type 7 chain readings (spec §8.2, open point 3; decision 0011): what stands for
 * the first record's predecessor (nothing or 64 blanks) and the hex case (the
 * previous hash is appended as written). `rechain` rebuilds the REP-P lines
 * under one reading, as another implementation would have written them.
 */
const FIRST = { none: '', blanks: ' '.repeat(64) };

function rechain(lines: string[], first: string, hexCase: (i: number) => 'lower' | 'upper'): string[] {
  let previous: string | null = null;
  let i = 0;
  return lines.map((l) => {
    if (l[9] !== '7') return l;
    const body = l.slice(0, 73);
    const appended = previous ?? first;
    const h = sha256Hex('sha256', Buffer.from(body + appended, 'latin1'), 'hex');
    previous = hexCase(i++) === 'upper' ? h.toUpperCase() : h;
    return body + previous;
  });
}
const hashIssues = (text: string) => codes(parseText(text)).filter((c) => c.startsWith('HASH'));

describe('type 7 SHA-256 chain readings (decision 0011)', () => {
  it('our writer: nothing for the first, lower case — the reading of the synthetic fixture', () => {
    const written = parseText(file(repP));
    expect(written.hashChain).toEqual({
      records: 6,
      verified: 6,
      firstPredecessor: 'none',
      hexCase: 'lower',
      mixedCase: false,
    });
    const fx = parseText(fixture('synthetic/afd671_rep-p_kermit_sha256.txt').toString('latin1'));
    expect(fx.hashChain).toEqual(written.hashChain);
  });

  it('64 blanks for the first record verifies and is reported', () => {
    const text = file(rechain(repP, FIRST.blanks, () => 'lower'));
    expect(hashIssues(text)).toEqual([]);
    expect(parseText(text).hashChain).toMatchObject({ verified: 6, firstPredecessor: 'blanks', hexCase: 'lower' });
  });

  it.each(['none', 'blanks'] as const)('upper-case hex chained as written verifies (first: %s)', (first) => {
    const text = file(rechain(repP, FIRST[first], () => 'upper'));
    expect(hashIssues(text)).toEqual([]);
    expect(parseText(text).hashChain).toMatchObject({ verified: 6, firstPredecessor: first, hexCase: 'upper' });
  });

  it('a file that changes case midway verifies and is flagged mixed', () => {
    const text = file(rechain(repP, FIRST.none, (i) => (i < 2 ? 'lower' : 'upper')));
    expect(hashIssues(text)).toEqual([]);
    expect(parseText(text).hashChain).toMatchObject({ verified: 6, hexCase: 'upper', mixedCase: true });
  });

  it('a first record matching neither reading is one warning; the rest of the chain still verifies', () => {
    // A chain begun in an earlier file: the first predecessor is some other hash.
    const lines = rechain(repP, 'f'.repeat(64), () => 'lower');
    const firstAt = lines.findIndex((l) => l[9] === '7');
    const text = file(lines);
    const r = parseText(text);
    expect(codes(r)).toEqual([`HASH_MISMATCH@${firstAt + 1}`]);
    expect(r.hashChain).toMatchObject({ records: 6, verified: 5, firstPredecessor: null, hexCase: 'lower' });
  });

  it('a file without type 7 has no chain summary', () => {
    expect(parseText(file(repC)).hashChain).toBeNull();
  });
});
