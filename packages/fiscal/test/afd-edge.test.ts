/** Reader edge cases built by hand (checklist of spec §12). */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AfdStreamParser, iterateAfd, parseAfd, readAfd } from '../src/afd/reader.js';
import { writeAfd671, type Afd671Entry } from '../src/afd/writer.js';
import type { AfdIssue, AfdRecord } from '../src/afd/types.js';
import { REP_P_FIXTURE } from './data.js';
import { codes, fixture, parseText, punches } from './helpers.js';
import { file, H1510, repC, repP, t3, t3of671, t5, trailer1510, withCrc } from './afd-lines.js';

describe('line ends', () => {
  const lines = [H1510, t3(1), t3(2, '04032024', '1200'), trailer1510(0, 2, 0, 0)];
  const reference = parseText(file(lines));
  it.each([
    ['CR LF', file(lines, '\r\n')],
    ['LF', file(lines, '\n')],
    ['CR LF without the final one', file(lines, '\r\n', false)],
    ['LF without the final one', file(lines, '\n', false)],
    ['mixed', `${lines[0]}\r\n${lines[1]}\n${lines[2]}\r\n${lines[3]}`],
  ])('%s gives the same records and no finding', (_name, text) => {
    const r = parseText(text);
    expect(r.issues).toEqual([]);
    expect(r.records).toEqual(reference.records);
  });
});

describe('streaming', () => {
  const bytes = fixture('synthetic/afd671_rep-c_edge_bad-crc-line17.txt');
  const whole = parseAfd(bytes);

  it.each([1, 2, 7, 50, 64, 1000])('chunks of %i bytes give the same result as the whole buffer', async (size) => {
    const records: AfdRecord[] = [];
    const issues: AfdIssue[] = [];
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
    const summary = await readAfd(Readable.from(chunks), {
      onRecord: (r) => records.push(r),
      onIssue: (i) => issues.push(i),
    });
    expect(records).toEqual(whole.records);
    expect(issues).toEqual(whole.issues);
    expect(summary.counts).toEqual(whole.counts);
  });

  it('iterateAfd yields the same records and issues, and returns the summary', async () => {
    const gen = iterateAfd(Readable.from([bytes.subarray(0, 700), bytes.subarray(700)]));
    const records: AfdRecord[] = [];
    const issues: AfdIssue[] = [];
    let step = await gen.next();
    while (!step.done) {
      if (step.value.kind === 'record') records.push(step.value.record);
      else issues.push(step.value.issue);
      step = await gen.next();
    }
    expect(records).toEqual(whole.records);
    expect(issues).toEqual(whole.issues);
    expect(step.value.counts).toEqual(whole.counts);
  });

  it('does not depend on the caller keeping its chunk buffers', () => {
    const records: AfdRecord[] = [];
    const p = new AfdStreamParser({ onRecord: (r) => records.push(r) });
    const scratch = Buffer.alloc(10);
    for (let i = 0; i < bytes.length; i += 10) {
      const n = bytes.copy(scratch, 0, i, i + 10);
      p.push(scratch.subarray(0, n));
      scratch.fill(0x41); // the caller reuses its buffer
    }
    p.end();
    expect(records).toEqual(whole.records);
  });
});

describe('NSR sequence', () => {
  it.each([
    ['gap', [1, 2, 5, 6], ['NSR_GAP@4'], 'warning'],
    ['duplicate', [1, 2, 2, 3], ['NSR_DUPLICATE@4'], 'warning'],
    ['earlier duplicate', [1, 2, 3, 1], ['NSR_DUPLICATE@5'], 'warning'],
    ['out of order', [1, 3, 2, 4], ['NSR_GAP@3', 'NSR_ORDER@4'], 'error'],
    ['in order', [10, 11, 12, 13], [], ''],
  ])('%s', (_name, nsrs, expected, severity) => {
    const lines = [H1510, ...nsrs.map((n) => t3(n)), trailer1510(0, 4, 0, 0)];
    const r = parseText(file(lines));
    expect(codes(r)).toEqual(expected);
    if (severity) expect(r.issues.at(-1)?.severity).toBe(severity);
    expect(punches(r).map((p) => p.nsr)).toEqual(nsrs); // every record kept
  });

  it('says how many records are missing', () => {
    const r = parseText(file([H1510, t3(1), t3(5), trailer1510(0, 2, 0, 0)]));
    expect(r.issues[0]?.mensagem).toMatch(/3 registros ausentes/);
  });
});

describe('dates', () => {
  it.each([
    ['30 February', t3(1, '30022024')],
    ['month 13', t3(1, '01132024')],
    ['hour 24', t3(1, '04032024', '2400')],
    ['minute 60', t3(1, '04032024', '0860')],
    ['letters', t3(1, '0403202A')],
  ])('1510 %s is an INVALID_DATE error; the punch is kept without a date', (_n, line) => {
    const r = parseText(file([H1510, line, t3(2), trailer1510(0, 2, 0, 0)]));
    expect(codes(r)).toEqual(['INVALID_DATE@2']);
    expect(r.issues[0]?.severity).toBe('error');
    expect(punches(r).map((p) => p.dateTime?.local ?? null)).toEqual([null, '2024-03-04T08:00']);
  });

  it('29 February of a leap year is fine, of a common year is not', () => {
    expect(parseText(file([H1510, t3(1, '29022024'), trailer1510(0, 1, 0, 0)])).issues).toEqual([]);
    expect(codes(parseText(file([H1510, t3(1, '29022023'), trailer1510(0, 1, 0, 0)])))).toEqual(['INVALID_DATE@2']);
  });

  it.each([
    ['seconds other than 00 (warning)', '2024-03-04T08:00:30-0300', 'warning', '2024-03-04T08:00'],
    ['no sign in the offset', '2024-03-04T08:00:00 0300', 'error', null],
    ['31 April', '2024-04-31T08:00:00-0300', 'error', null],
    ['space instead of T', '2024-03-04 08:00:00-0300', 'error', null],
  ])('671 DH with %s', (_n, dh, severity, local) => {
    const lines = [...repC];
    lines[6] = t3of671(6, dh);
    const r = parseText(file(lines));
    expect(codes(r)).toEqual(['INVALID_DATE@7']);
    expect(r.issues[0]?.severity).toBe(severity);
    expect(punches(r)[0]?.dateTime?.local ?? null).toBe(local);
  });

  it('keeps the offset and never applies it', () => {
    const lines = [...repC];
    lines[6] = t3of671(6, '2024-03-04T23:30:00-0500');
    const p = punches(parseText(file(lines)))[0];
    expect(p?.dateTime).toEqual({ local: '2024-03-04T23:30', offset: '-0500' });
  });
});

describe('unknown records and wrong lengths keep the good records around them', () => {
  it('an unknown type', () => {
    const r = parseText(file([H1510, t3(1), '0000000028040320240800', t3(3), trailer1510(0, 2, 0, 0)]));
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@3', 'NSR_GAP@4']);
    expect(r.issues[0]?.severity).toBe('error');
    expect(punches(r).map((p) => p.nsr)).toEqual([1, 3]);
  });

  it('a type 7 in a 1510 file is unknown there', () => {
    const r = parseText(file([H1510, t3(1), `0000000027${'x'.repeat(127)}`, t3(2), trailer1510(0, 2, 0, 0)]));
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@3']);
  });

  it('a 671 punch one byte too long (with a CRC) is an error and is skipped', () => {
    const lines = [...repC];
    lines[6] = `${lines[6]}X`;
    const r = parseText(file(lines));
    // The line still counts as a type 3 line, so the trailer agrees.
    expect(codes(r)).toEqual(['LINE_LENGTH@7', 'NSR_GAP@8']);
    expect(r.issues[0]?.severity).toBe('error');
    expect(r.issues[0]?.mensagem).toMatch(/51 caracteres.*50/);
    expect(punches(r).map((p) => p.nsr)).toEqual([7, 9, 13, 16]);
  });

  it('trailing blanks past the record are ignored with a warning', () => {
    const lines = [...repC];
    lines[6] = `${lines[6]}   `;
    const r = parseText(file(lines));
    expect(codes(r)).toEqual(['LINE_LENGTH@7']);
    expect(r.issues[0]?.severity).toBe('warning');
    expect(r.counts['3']).toBe(5);
  });

  it('a right-trimmed 1510 type 5 (no CRC) is padded with a warning (§12.12)', () => {
    const r = parseText(file([H1510, t5(1).trimEnd(), trailer1510(0, 0, 0, 1)]));
    expect(codes(r)).toEqual(['LINE_LENGTH@2']);
    expect(r.issues[0]?.severity).toBe('warning');
    expect(r.records[1]).toMatchObject({ type: 5, name: 'FULANO DE TAL', pis: '12056412545' });
  });

  it('a "PIS + space" punch whose space was trimmed still reads', () => {
    const r = parseText(file([H1510, t3(1, '04032024', '0800', '17000000013 ').trimEnd(), trailer1510(0, 1, 0, 0)]));
    expect(codes(r)).toEqual(['LINE_LENGTH@2']);
    expect(punches(r)[0]).toMatchObject({ pis: '17000000013', idForm: 'trailingSpace' });
  });

  it('blank lines are skipped with a warning', () => {
    const r = parseText(file([H1510, t3(1), '', t3(2), trailer1510(0, 2, 0, 0)]));
    expect(codes(r)).toEqual(['LINE_LENGTH@3']);
    expect(r.issues[0]?.severity).toBe('warning');
    expect(punches(r).map((p) => p.line)).toEqual([2, 4]);
  });

  it('a non-numeric NSR is skipped', () => {
    const r = parseText(file([H1510, t3(1), `00000000X${t3(2).slice(9)}`, t3(3), trailer1510(0, 3, 0, 0)]));
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@3', 'NSR_GAP@4']);
  });

  it('records after the trailer are reported and still read', () => {
    const r = parseText(file([H1510, t3(1), trailer1510(0, 1, 0, 0), t3(2)]));
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@4']);
    expect(punches(r)).toHaveLength(2);
  });

  it('a second header is an error', () => {
    const r = parseText(file([H1510, t3(1), H1510, trailer1510(0, 1, 0, 0)]));
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@3']);
  });
});

describe('header and trailer', () => {
  it('missing header and trailer are file-level warnings on line 1', () => {
    const r = parseText(file([t3(1), t3(2)]));
    expect(r.layout).toBe('1510');
    expect(r.issues.map((i) => [i.code, i.line, i.severity])).toEqual([
      ['MISSING_HEADER', 1, 'warning'],
      ['MISSING_TRAILER', 1, 'warning'],
    ]);
  });

  it('trailer counts that disagree give one TRAILER_COUNT warning listing the types', () => {
    const r = parseText(file([H1510, t3(1), t5(2), trailer1510(1, 3, 0, 1)]));
    expect(codes(r)).toEqual(['TRAILER_COUNT@4']);
    expect(r.issues[0]?.mensagem).toMatch(/tipo 2: trailer 1, arquivo 0; tipo 3: trailer 3, arquivo 1/);
  });

  it('a 671 version other than 003 is read with a warning (open point 8)', () => {
    const lines = [...repC];
    lines[0] = withCrc(`${lines[0]!.slice(0, 250)}004${lines[0]!.slice(253, 298)}`);
    const r = parseText(file(lines));
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@1']);
    expect(r.issues[0]?.severity).toBe('warning');
    expect(r.header?.layoutVersion).toBe('004');
  });

  it('a 298-byte 671 header without CRC is accepted with a warning', () => {
    const lines = [...repC];
    lines[0] = lines[0]!.slice(0, 298);
    const r = parseText(file(lines));
    expect(codes(r)).toEqual(['LINE_LENGTH@1']);
    expect(r.header?.model).toBe('MODELO FICTICIO X1');
  });
});

describe('CRC', () => {
  it.each(['MODBUS', 'CCITT-FALSE', 'KERMIT'] as const)(
    'a REP-C file written with %s verifies, in either hex case',
    (v) => {
      const lines = repC.map((l, i) =>
        i >= 1 && l[9] === '3'
          ? t3of671(Number(l.slice(0, 9)), l.slice(10, 34), l.slice(34, 46), v).replace(/[A-F]/g, (c) =>
              c.toLowerCase(),
            )
          : l,
      );
      const r = parseText(file(lines.filter((l) => l[9] === '3' || l.startsWith('99999'))));
      expect(codes(r).filter((c) => c.startsWith('CRC'))).toEqual([]);
      expect(r.crcVariant).toBe(v);
    },
  );

  it('a line matching no variant is a warning, not a rejection', () => {
    const lines = [...repC];
    lines[6] = `${lines[6]!.slice(0, 46)}ZZZZ`;
    const r = parseText(file(lines));
    expect(r.issues.map((i) => [i.code, i.line, i.severity])).toEqual([['CRC_MISMATCH', 7, 'warning']]);
    expect(r.counts['3']).toBe(5);
  });

  it('lines with different variants are fine (any match is), and flagged in the summary', () => {
    const lines = [...repC];
    lines[6] = t3of671(6, '2024-03-04T07:58:00-0300', '052998224725', 'MODBUS');
    const r = parseText(file(lines));
    expect(r.issues).toEqual([]);
    expect(r.crcMixed).toBe(true);
    expect(r.crcMatches).toEqual({ KERMIT: 11, MODBUS: 1, 'CCITT-FALSE': 0 }); // 12 CRC lines: 1, 2, 4×5, 5×3, 4
    expect(parseText(file(repC)).crcMixed).toBe(false);
  });

  it('a REP-P file whose CRC is not KERMIT is flagged as non-conforming in the summary, not as an issue', () => {
    const lines = [...repP];
    lines[0] = withCrc(lines[0]!.slice(0, 298), 'MODBUS');
    lines[1] = withCrc(lines[1]!.slice(0, 327), 'MODBUS');
    lines[2] = withCrc(lines[2]!.slice(0, 114), 'MODBUS');
    lines[3] = withCrc(lines[3]!.slice(0, 114), 'MODBUS');
    const r = parseText(file(lines));
    expect(r.issues).toEqual([]);
    expect(r.crcVariant).toBe('MODBUS');
    expect(r.crcNonConforming).toBe(true);
    expect(parseText(file(repP)).crcNonConforming).toBe(false);
  });

  it('a REP_P file name alone makes MODBUS non-conforming; a REP-C file is not', () => {
    const bytes = fixture('real/p671_tiagoemsouza-controlid-repc_afd.txt');
    expect(parseAfd(bytes, { fileName: 'AFD0005120240000000111222333000181REP_P.txt' }).crcNonConforming).toBe(true);
    expect(parseAfd(bytes).crcNonConforming).toBe(false);
  });
});

describe('type 7 SHA-256 chain', () => {
  it('a tampered punch breaks the chain on its own line only', () => {
    const lines = [...repP];
    // line 8 (NSR 7): change 12:00 to 12:09, keep its hash
    lines[7] = lines[7]!.replace('2024-03-04T12:00:00-03000529', '2024-03-04T12:09:00-03000529');
    const r = parseText(file(lines));
    expect(codes(r)).toEqual(['HASH_MISMATCH@8']);
    expect(r.issues[0]?.severity).toBe('warning');
  });

  it('upper-case hex verifies too', () => {
    const lines = repP.map((l) => (l[9] === '7' ? l.slice(0, 73) + l.slice(73).toUpperCase() : l));
    // the next hash is computed over the previous one as written, so re-chain in upper case
    const r = parseText(file(lines));
    expect(codes(r).filter((c) => c.startsWith('HASH'))).toEqual([
      'HASH_MISMATCH@7',
      'HASH_MISMATCH@8',
      'HASH_MISMATCH@9',
      'HASH_MISMATCH@12',
      'HASH_MISMATCH@13',
    ]);
    const first = parseText(file(lines.slice(0, 6)));
    expect(codes(first).filter((c) => c.startsWith('HASH'))).toEqual([]);
  });

  it('a split file continues the chain: the first type 7 cannot be verified alone', () => {
    const entries = REP_P_FIXTURE.entries as Afd671Entry[];
    const part1 = writeAfd671({ ...REP_P_FIXTURE, entries: entries.slice(0, 6) });
    const part2 = writeAfd671({
      ...REP_P_FIXTURE,
      entries: entries.slice(6),
      firstNsr: part1.lastNsr + 1,
      previousHash: part1.lastHash,
    });
    expect(part2.lastHash).toBe(writeAfd671(REP_P_FIXTURE).lastHash);
    const r = parseAfd(part2.bytes);
    expect(codes(r)).toEqual(['HASH_MISMATCH@2']);
    expect(r.issues[0]?.mensagem).toMatch(/outro arquivo/);
  });
});

describe('identifiers', () => {
  it('INVALID_ID is a warning and the punch is kept with no CPF and no PIS', () => {
    const r = parseText(file([H1510, t3(1, '04032024', '0800', '012056412546'), trailer1510(0, 1, 0, 0)]));
    expect(r.issues.map((i) => [i.code, i.line, i.severity])).toEqual([['INVALID_ID', 2, 'warning']]);
    expect(punches(r)[0]).toMatchObject({ rawId: '012056412546', cpf: null, pis: null, idForm: null });
  });

  it('a PIS in a 671 type 3 (converted REP-C) is returned as PIS', () => {
    // The two real Control iD lines quoted in the fixtures README (MODBUS).
    const text = file([
      '00000000132025-05-21T16:39:00-0300021394413442C1AC',
      '00000000832025-05-22T06:42:00-0300026963870525F707',
    ]);
    const r = parseText(text);
    expect(r.layout).toBe('671');
    expect(r.crcVariant).toBe('MODBUS');
    expect(punches(r).map((p) => [p.nsr, p.cpf, p.pis])).toEqual([
      [1, null, '21394413442'],
      [8, null, '26963870525'],
    ]);
    expect(codes(r)).toEqual(['MISSING_HEADER@1', 'MISSING_TRAILER@1', 'NSR_GAP@2']);
  });
});

describe('encoding', () => {
  it('a UTF-8 BOM is stripped with a warning', () => {
    const r = parseAfd(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(file([H1510, t3(1), trailer1510(0, 1, 0, 0)]), 'latin1'),
      ]),
    );
    expect(codes(r)).toEqual(['ENCODING@1']);
    expect(r.layout).toBe('1510');
    expect(punches(r)).toHaveLength(1);
  });

  it('a UTF-8 type 5 in a 1510 file is converted and explained', () => {
    const latin = file([H1510, t5(1, 'JOSÉ DA CONCEIÇÃO'), trailer1510(0, 0, 0, 1)]);
    const utf8 = Buffer.from(latin, 'utf8');
    const r = parseAfd(utf8);
    expect(codes(r)).toEqual(['ENCODING@2']);
    expect(r.issues[0]?.mensagem).toMatch(/1 linha/);
    expect(r.records[1]).toMatchObject({ type: 5, name: 'JOSÉ DA CONCEIÇÃO' });
  });
});

describe('not an AFD', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), /PDF/],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x0a, 0x41, 0x42]), /ZIP/],
    ['an empty file', Buffer.alloc(0), /vazio/],
    ['a UTF-16 file', Buffer.from(`\ufeff${H1510}\r\n`, 'utf16le'), /UTF-16|binário/],
    ['a JSON document', Buffer.from('{"marcacoes": []}\n'), /JSON/],
    ['a CSV', Buffer.from(Array.from({ length: 30 }, (_, i) => `${i};FULANO;08:00;12:00`).join('\n')), /nenhuma linha/],
    ['short garbage', Buffer.from('hello\nworld\n'), /nenhuma linha/],
  ])('%s gets one NOT_AFD error', (_n, bytes, message) => {
    const r = parseAfd(bytes);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ line: 1, severity: 'error', code: 'NOT_AFD' });
    expect(r.issues[0]?.mensagem).toMatch(message);
    expect(r.layout).toBeNull();
    expect(r.notAfd).toBe(true);
  });

  it('garbage before a real AFD is reported line by line, and the AFD is read', () => {
    const r = parseText(file(['lixo', H1510, t3(1), trailer1510(0, 1, 0, 0)]));
    expect(r.layout).toBe('1510');
    expect(codes(r)).toEqual(['UNKNOWN_RECORD@1']);
    expect(punches(r)).toHaveLength(1);
  });
});
