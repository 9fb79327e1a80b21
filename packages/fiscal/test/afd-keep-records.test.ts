import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { afdParseDocument } from '../src/afd/document.js';
import { parseAfd } from '../src/afd/reader.js';
import { file, H1510, repC, t3, t3of671, trailer1510 } from './afd-lines.js';
import { codes, parseText, punches } from './helpers.js';

/** Nothing in a file disappears silently: every line is a record, bad fields keep their raw text. */
const document = (text: string) => afdParseDocument(Readable.from([Buffer.from(text, 'latin1')]));

describe('a punch whose date is impossible', () => {
  const bad1510 = t3(1, '31022024');
  const lines1510 = [H1510, bad1510, t3(2), trailer1510(0, 2, 0, 0)];
  const lines671 = [...repC];
  lines671[6] = t3of671(6, '2024-02-31T08:00:00-0300');

  it('1510: stays a record with a null date, its line as raw, and an INVALID_DATE error', () => {
    const r = parseText(file(lines1510));
    const [bad, good] = punches(r);
    expect(bad).toMatchObject({ nsr: 1, dateTime: null, raw: bad1510, rawId: '012056412545' });
    expect(good?.raw).toBeUndefined();
    expect(codes(r)).toEqual(['INVALID_DATE@2']);
    expect(r.issues[0]?.mensagem).toContain('"31022024 0800"');
  });

  it('671: stays a record with a null date and its line as raw', () => {
    const r = parseText(file(lines671));
    expect(punches(r)[0]).toMatchObject({ nsr: 6, dateTime: null, raw: lines671[6] });
    expect(codes(r)).toEqual(['INVALID_DATE@7']);
  });

  it('afd-parse lists it in file order with dateTime null, beside its finding', async () => {
    const d = await document(file(lines1510));
    expect(d.punches.map((p) => [p.nsr, p.dateTime])).toEqual([
      [1, null],
      [2, '2024-03-04T08:00'],
    ]);
    expect(d.issues.map((i) => `${i.code}@${i.line}`)).toEqual(['INVALID_DATE@2']);
    const d671 = await document(file(lines671));
    expect(d671.punches.find((p) => p.nsr === 6)?.dateTime).toBeNull();
  });

  it('a bad header date keeps the header with its raw line', () => {
    const header = H1510.slice(0, 204) + '30022024' + H1510.slice(212);
    const r = parseText(file([header, t3(1), trailer1510(0, 1, 0, 0)]));
    expect(r.header).toMatchObject({ firstDate: null, raw: header });
    expect(codes(r)).toEqual(['INVALID_DATE@1']);
  });
});

describe('lines that cannot be read as records', () => {
  it.each([
    ['an unknown type', `0000000028${'0'.repeat(24)}`, 'UNKNOWN_RECORD'],
    ['a wrong length', `${t3(2)}12345`, 'LINE_LENGTH'],
    ['a non-numeric NSR', t3(2).replace('000000002', '00000000X'), 'UNKNOWN_RECORD'],
  ])('%s is kept as an unreadable record with its text', (_n, line, code) => {
    const r = parseText(file([H1510, t3(1), line, t3(3), trailer1510(0, 3, 0, 0)]));
    expect(r.records.map((x) => x.line)).toEqual([1, 2, 3, 4, 5]);
    expect(r.records[2]).toEqual({ type: 'unreadable', line: 3, text: line, code });
    expect(codes(r)).toContain(`${code}@3`);
  });

  it('a second header and a second trailer are kept as unreadable records', () => {
    const trailer = trailer1510(0, 1, 0, 0);
    const r = parseAfd(Buffer.from(file([H1510, t3(1), H1510, trailer, trailer]), 'latin1'));
    expect(r.records.map((x) => x.type)).toEqual([1, 3, 'unreadable', 9, 'unreadable']);
    expect(r.records[2]).toMatchObject({ text: H1510, code: 'UNKNOWN_RECORD' });
  });
});
