/**
 * Every AFD fixture, with the counts and findings the fixtures README states
 * (shared/fixtures/afd/README.md).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAfd } from '../src/afd/reader.js';
import type { AfdRepPPunch } from '../src/afd/types.js';
import { codes, fixture, FIXTURES, punches } from './helpers.js';

describe('real/p1510_ossystems-afdparser_afd_file.txt', () => {
  const r = parseAfd(fixture('real/p1510_ossystems-afdparser_afd_file.txt'));
  it('is a 1510 AFD with 1×1, 1×2, 3×3, 1×4, 4×5 and a trailer that agrees', () => {
    expect(r.layout).toBe('1510');
    expect(r.counts).toEqual({ '1': 1, '2': 1, '3': 3, '4': 1, '5': 4, '9': 1 });
    expect(r.trailer?.declared).toEqual({ '2': 1, '3': 3, '4': 1, '5': 4 });
    expect(r.crcVariant).toBeNull();
  });
  it('has NSR 1..9 without gaps, and no structural finding', () => {
    expect(r.records.filter((x) => 'nsr' in x).map((x) => ('nsr' in x ? x.nsr : 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    // The placeholder PIS values (111111111111, 222222222222) fit no form of §7.
    expect(new Set(r.issues.map((i) => i.code))).toEqual(new Set(['INVALID_ID']));
    expect(r.issues.every((i) => i.severity === 'warning')).toBe(true);
  });
  it('reads every field of the header and of types 4 and 5', () => {
    const h = r.header!;
    expect(h).toMatchObject({
      employerIdKind: '1',
      employerId: '00000000067890',
      employerName: 'RAZAO_SOCIAL',
      repIdentifier: '00004000070004403',
      firstDate: '2011-01-20',
      lastDate: '2011-02-22',
      generatedAt: { local: '2011-02-21T10:48', offset: null },
    });
    expect(r.records.find((x) => x.type === 4)).toMatchObject({
      nsr: 1,
      before: { local: '2011-01-28T11:12' },
      after: { local: '2011-01-28T11:13' },
    });
    expect(r.records.filter((x) => x.type === 5).map((x) => (x.type === 5 ? x.operation : ''))).toEqual([
      'I',
      'I',
      'A',
      'E',
    ]);
    expect(r.records.find((x) => x.type === 2)).toMatchObject({
      employerName: 'O.S. SYSTEMS SOFTWARES LTDA.',
      workplace: 'PELOTAS - RS',
    });
  });
  it('gives the punches in file order with local times', () => {
    expect(punches(r).map((p) => [p.nsr, p.dateTime?.local])).toEqual([
      [7, '2011-02-19T18:14'],
      [8, '2011-02-21T11:33'],
      [9, '2011-02-21T11:34'],
    ]);
  });
});

describe('real/p1510_ossystems-afdparser_invalid-bytes.txt', () => {
  const r = parseAfd(fixture('real/p1510_ossystems-afdparser_invalid-bytes.txt'));
  it('slices bytes, so the 299-byte type 2 with bytes above 0x7F parses', () => {
    expect(r.layout).toBe('1510');
    expect(r.counts).toEqual({ '1': 1, '2': 1 });
    const t2 = r.records.find((x) => x.type === 2);
    expect(t2).toMatchObject({ nsr: 1, employerId: '11111111111111' });
    expect(t2?.type === 2 && t2.employerName.startsWith('INVALID COMPANY ERROR')).toBe(true);
    expect(t2?.type === 2 && t2.workplace.startsWith('COMPANY LOCATION WITH ERROR')).toBe(true);
  });
  it('only lacks its trailer (not a UTF-8 file)', () => {
    expect(codes(r)).toEqual(['MISSING_TRAILER@1']);
  });
});

describe('real/p595_liondas-controlid_afd.txt', () => {
  const r = parseAfd(fixture('real/p595_liondas-controlid_afd.txt'));
  it('is a 595 AFD: 15×2, 5×3, 15×4, 51×5, 50×6, LF only', () => {
    expect(r.layout).toBe('595');
    expect(r.counts).toEqual({ '2': 15, '3': 5, '4': 15, '5': 51, '6': 50 });
    expect(r.lines).toBe(136);
  });
  it('uses CRC-16/CCITT-FALSE in lower case, all 86 lines verify', () => {
    expect(r.crcVariant).toBe('CCITT-FALSE');
    expect(codes(r).filter((c) => c.startsWith('CRC'))).toEqual([]);
  });
  it('has no header and no trailer: two file-level warnings on line 1', () => {
    expect(
      r.issues
        .filter((i) => i.code === 'MISSING_HEADER' || i.code === 'MISSING_TRAILER')
        .map((i) => [i.code, i.line, i.severity]),
    ).toEqual([
      ['MISSING_HEADER', 1, 'warning'],
      ['MISSING_TRAILER', 1, 'warning'],
    ]);
    expect(r.records[0]).toMatchObject({
      type: 4,
      nsr: 1,
      before: { local: '2001-01-01T00:00' },
      after: { local: '2016-05-04T09:53' },
    });
  });
  it('has NSR 1..136 in order and reads space-padded N fields', () => {
    expect(codes(r).filter((c) => c.startsWith('NSR'))).toEqual([]);
    expect(r.records.find((x) => x.type === 2)).toMatchObject({
      responsibleCpf: '00000000001',
      employerId: '01245055000124',
    });
    expect(r.records.find((x) => x.type === 5)).toMatchObject({ otherData: '000S', name: 'Funcionario teste' });
    expect(r.records.find((x) => x.type === 6)).toMatchObject({ event: '02' });
  });
});

describe('real/p671_tiagoemsouza-controlid-repc_afd.txt', () => {
  const r = parseAfd(fixture('real/p671_tiagoemsouza-controlid-repc_afd.txt'));
  it('is a 671 REP-C AFD with MODBUS CRC and a zero signature line', () => {
    expect(r.layout).toBe('671');
    expect(r.counts).toEqual({ '1': 1, '3': 1, '9': 1 });
    expect(r.crcVariant).toBe('MODBUS');
    expect(r.hasSignatureLine).toBe(true);
    expect(r.records.at(-1)).toEqual({ type: 'signature', line: 4, text: '0'.repeat(100) });
    expect(r.header).toMatchObject({
      developerId: '08238299000129',
      model: null,
      employerName: 'ControliD',
      layoutVersion: '003',
    });
  });
  it('warns that the trailer says 433 punches where the partial export has 1', () => {
    expect(codes(r)).toEqual(['TRAILER_COUNT@3']);
    expect(r.issues[0]?.severity).toBe('warning');
    expect(r.issues[0]?.mensagem).toContain('433');
  });
  it('reads 004784026940 (valid CPF and PIS) as a CPF, as the 671 field holds', () => {
    expect(punches(r)).toMatchObject([
      { nsr: 391, dateTime: { local: '2025-09-24T13:32', offset: '-0300' }, cpf: '04784026940', pis: null },
    ]);
  });
});

describe('synthetic/afd671_rep-p_kermit_sha256.txt', () => {
  const r = parseAfd(fixture('synthetic/afd671_rep-p_kermit_sha256.txt'));
  it('reads every record without any finding; KERMIT; the chain verifies', () => {
    expect(r.layout).toBe('671');
    expect(r.counts).toEqual({ '1': 1, '2': 1, '5': 2, '6': 3, '7': 6, '9': 1 });
    expect(r.issues).toEqual([]);
    expect(r.crcVariant).toBe('KERMIT');
    expect(r.hasSignatureLine).toBe(true);
  });
  it('keeps Latin-1 accents and the type 6 events 07/08/07', () => {
    expect(r.header?.employerName).toBe('EMPRESA FICTÍCIA DE TESTES LTDA');
    expect(r.records.find((x) => x.type === 5)).toMatchObject({
      name: 'JOÃO DA SILVA',
      cpf: '52998224725',
      operation: 'I',
    });
    expect(r.records.filter((x) => x.type === 6).map((x) => (x.type === 6 ? x.event : ''))).toEqual(['07', '08', '07']);
  });
  it('reads the off-line punch, recorded later than it was made', () => {
    const t7 = r.records.filter((x): x is AfdRepPPunch => x.type === 7);
    expect(t7.map((p) => p.collector)).toEqual(['01', '02', '01', '01', '03', '04']);
    const off = t7.filter((p) => p.offline);
    expect(off).toHaveLength(1);
    expect(off[0]).toMatchObject({
      nsr: 8,
      dateTime: { local: '2024-03-04T13:00' },
      recordedAt: { local: '2024-03-04T13:41' },
    });
  });
});

describe('synthetic/afd671_rep-c_kermit_all-types.txt', () => {
  const r = parseAfd(fixture('synthetic/afd671_rep-c_kermit_all-types.txt'));
  it('reads every REP-C record type without findings', () => {
    expect(r.counts).toEqual({ '1': 1, '2': 1, '3': 5, '4': 1, '5': 4, '6': 6, '9': 1 });
    expect(r.issues).toEqual([]);
    expect(r.header?.model).toBe('MODELO FICTICIO X1');
    expect(r.records.filter((x) => x.type === 5).map((x) => (x.type === 5 ? x.operation : ''))).toEqual([
      'I',
      'I',
      'A',
      'E',
    ]);
    expect(r.records.filter((x) => x.type === 6).map((x) => (x.type === 6 ? x.event : ''))).toEqual([
      '03',
      '04',
      '01',
      '02',
      '05',
      '06',
    ]);
    expect(r.records.find((x) => x.type === 4)).toMatchObject({
      before: { local: '2024-03-04T10:00' },
      after: { local: '2024-03-04T10:02' },
      responsibleCpf: '98765432100',
    });
  });
});

describe('synthetic/afd671_rep-c_edge_bad-crc-line17.txt', () => {
  const r = parseAfd(fixture('synthetic/afd671_rep-c_edge_bad-crc-line17.txt'));
  it('warns about line 17 only, and keeps its punch', () => {
    expect(codes(r)).toEqual(['CRC_MISMATCH@17']);
    expect(r.issues[0]?.severity).toBe('warning');
    expect(punches(r).find((p) => p.line === 17)?.dateTime?.local).toBe('2024-03-04T17:09');
    expect(r.counts['3']).toBe(5);
  });
});

describe('synthetic/afd671_edge_utf8-encoded.txt', () => {
  const r = parseAfd(fixture('synthetic/afd671_edge_utf8-encoded.txt'));
  const clean = parseAfd(fixture('synthetic/afd671_rep-p_kermit_sha256.txt'));
  it('recognises the UTF-8 re-save with one explained ENCODING error, not a flood', () => {
    expect(codes(r)).toEqual(['ENCODING@1']);
    expect(r.issues[0]?.severity).toBe('error');
    expect(r.issues[0]?.mensagem).toMatch(/UTF-8/);
    expect(r.issues[0]?.mensagem).toMatch(/ISO-8859-1/);
  });
  it('still reads the same records as the original', () => {
    expect(r.counts).toEqual(clean.counts);
    expect(r.records).toEqual(clean.records);
  });
});

describe('synthetic/afd1510_art96-identifier-forms.txt', () => {
  const r = parseAfd(fixture('synthetic/afd1510_art96-identifier-forms.txt'));
  it('reads the four forms of art. 96 §2 without findings', () => {
    expect(r.issues).toEqual([]);
    expect(r.counts).toEqual({ '1': 1, '2': 1, '3': 8, '4': 1, '5': 4, '9': 1 });
    expect(punches(r).map((p) => [p.cpf, p.pis, p.idForm])).toEqual([
      [null, '12056412545', 'zero'],
      [null, '12056412545', 'zero'],
      [null, '17000000013', 'trailingSpace'],
      [null, '17000000013', 'trailingSpace'],
      ['11144477735', null, 'nine'],
      ['11144477735', null, 'nine'],
      ['12345678909', null, 'eight'],
      ['12345678909', null, 'eight'],
    ]);
  });
  it('keeps the name of the "PIS + space" employee without a leading space (the peer parser quirk)', () => {
    expect(r.records.filter((x) => x.type === 5).map((x) => (x.type === 5 ? x.name : ''))).toEqual([
      'FULANO DE TAL',
      'BELTRANA COM PIS E ESPACO',
      'SEM PIS REP NAO VALIDA',
      'SEM PIS REP VALIDA',
    ]);
  });
});

describe.each([
  ['synthetic/afdt1510_example.txt', /AFDT/],
  ['synthetic/acjef1510_example.txt', /ACJEF/],
  ['synthetic/aej671_example.txt', /AEJ/],
])('%s is not an AFD', (file, looksLike) => {
  it('gives one NOT_AFD error on line 1 that says what it looks like', () => {
    const r = parseAfd(fixture(file));
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ line: 1, severity: 'error', code: 'NOT_AFD' });
    expect(r.issues[0]?.mensagem).toMatch(looksLike);
    expect(r.records).toEqual([]);
    expect(r.layout).toBeNull();
  });
});

describe('afd-parse command', () => {
  const cli = join(__dirname, '../src/cli/fiscal.ts');
  const run = (file: string) =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', cli, 'afd-parse', join(FIXTURES, file)], { encoding: 'utf8' }),
    ) as Record<string, unknown>;

  it('prints exactly the agreed document for the Control iD REP-C file', () => {
    expect(run('real/p671_tiagoemsouza-controlid-repc_afd.txt')).toEqual({
      layout: '671',
      counts: { '1': 1, '3': 1, '9': 1 },
      punches: [{ nsr: 391, dateTime: '2025-09-24T13:32', cpf: '04784026940', pis: null, record: 3 }],
      issues: [{ line: 3, severity: 'warning', code: 'TRAILER_COUNT', mensagem: expect.stringContaining('433') }],
    });
  });

  it('lists type 7 punches and the art. 96 §2 forms', () => {
    const repP = run('synthetic/afd671_rep-p_kermit_sha256.txt') as {
      punches: { record: number; dateTime: string; cpf: string }[];
    };
    expect(repP.punches.map((p) => p.record)).toEqual([7, 7, 7, 7, 7, 7]);
    expect(repP.punches[3]).toEqual({ nsr: 8, dateTime: '2024-03-04T13:00', cpf: '52998224725', pis: null, record: 7 });
    const forms = run('synthetic/afd1510_art96-identifier-forms.txt') as {
      punches: { cpf: string | null; pis: string | null }[];
    };
    expect(forms.punches[6]).toEqual({
      nsr: 13,
      dateTime: '2024-03-04T08:00',
      cpf: '12345678909',
      pis: null,
      record: 3,
    });
  });

  it('exits 2 with a message on stderr for a missing file, nothing on stdout', () => {
    let status = 0;
    let stdout = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', cli, 'afd-parse', '/nonexistent/x.txt'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      const err = e as { status: number; stdout: string };
      status = err.status;
      stdout = err.stdout;
    }
    expect(status).toBe(2);
    expect(stdout).toBe('');
  });
});
