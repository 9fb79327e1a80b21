import { describe, expect, it } from 'vitest';
import { AFD_LAYOUTS, type AfdRecordKey } from '../src/afd/layout.js';
import type { AfdLayout } from '../src/afd/types.js';
import { fixture } from './helpers.js';

/** Spec §3, typed in again so the table is checked against the Portarias, not against itself. */
const SPEC_LENGTHS: Record<AfdLayout, Partial<Record<AfdRecordKey, number>>> = {
  '1510': { 1: 232, 2: 299, 3: 34, 4: 34, 5: 87, 9: 46 },
  '595': { 1: 236, 2: 317, 3: 38, 4: 49, 5: 106, 6: 24, 9: 55 },
  '671': { 1: 302, 2: 331, 3: 50, 4: 73, 5: 118, 6: 36, 7: 137, 9: 64 },
};
const each = Object.entries(AFD_LAYOUTS).flatMap(([layout, records]) =>
  Object.values(records).map((r) => [`${layout} type ${r.key}`, layout as AfdLayout, r] as const),
);

describe('AFD layout table (spec §3-§6)', () => {
  it('has exactly the record types and lengths of spec §3', () => {
    for (const layout of Object.keys(SPEC_LENGTHS) as AfdLayout[]) {
      const lengths = Object.fromEntries(Object.values(AFD_LAYOUTS[layout]).map((r) => [r.key, r.length]));
      expect(lengths).toEqual(SPEC_LENGTHS[layout]);
    }
  });

  it.each(each)('%s: fields tile the record from byte 1, without gaps or overlaps', (_n, _layout, r) => {
    let at = 0;
    for (const f of r.fields) {
      expect(f.start, f.name).toBe(at);
      expect(f.length, f.name).toBeGreaterThan(0);
      at += f.length;
    }
    expect(at).toBe(r.length);
    expect(new Set(r.fields.map((f) => f.name)).size).toBe(r.fields.length);
  });

  it.each(each)('%s: CRC-16 in the last 4 bytes exactly for types 1-5 of 595/671 (§8.1)', (_n, layout, r) => {
    const expected = layout !== '1510' && r.key >= 1 && r.key <= 5;
    expect(r.crc).toBe(expected);
    expect(r.fields.filter((f) => f.type === 'CRC').map((f) => f.start)).toEqual(expected ? [r.length - 4] : []);
  });

  it.each(each)('%s: every 1510/595 date-time has its time field; 671 uses 24-byte DH', (_n, layout, r) => {
    for (const f of r.fields) {
      if (f.type === 'DH') expect(f.length).toBe(24);
      if (f.type === 'D' && layout !== '671' && !/^(first|last)Date$/.test(f.name))
        expect(r.field[`${f.name}Time`]?.type, f.name).toBe('H');
    }
  });

  it('slices the synthetic REP-P fixture where spec §6 says (header field 7, type 7 hash)', () => {
    const lines = fixture('synthetic/afd671_rep-p_kermit_sha256.txt').toString('latin1').split('\r\n');
    const header = AFD_LAYOUTS['671'][1]!.field;
    const rep = header.repIdentifier!;
    // Bytes 190-206 of the header (see the fixture README discrepancy in NOTES.md).
    expect(lines[0]!.slice(rep.start, rep.start + rep.length)).toBe('00051202400000001');
    const t7 = lines.find((l) => l[9] === '7')!;
    const hash = AFD_LAYOUTS['671'][7]!.field.hash!;
    expect(t7.slice(hash.start)).toMatch(/^[0-9a-f]{64}$/);
    expect(hash.start).toBe(73);
  });
});
