import { describe, expect, it } from 'vitest';
import { parseAfd } from '../src/afd/reader.js';
import { writeAfd671 } from '../src/afd/writer.js';
import { writeAej } from '../src/aej/writer.js';
import { parseAej } from '../src/aej/parser.js';
import { parseAfdt, writeAfdt } from '../src/afdt/afdt.js';
import { parseAcjef, writeAcjef } from '../src/acjef/acjef.js';
import { ACJEF_FIXTURE, AEJ_FIXTURE, AFDT_FIXTURE, REP_C_FIXTURE, REP_P_FIXTURE } from './data.js';
import { fixture } from './helpers.js';

/** Line-level diff on failure is far more readable than a Buffer diff. */
function expectSameBytes(actual: Buffer, expected: Buffer) {
  expect(actual.toString('latin1').split('\r\n')).toEqual(expected.toString('latin1').split('\r\n'));
  expect(actual.equals(expected)).toBe(true);
}

describe('AFD 671 writer reproduces the synthetic fixtures byte for byte', () => {
  it('REP-P (types 1, 2, 5, 6, 7, 9, signature; KERMIT; SHA-256 chain)', () => {
    const out = writeAfd671(REP_P_FIXTURE);
    expectSameBytes(out.bytes, fixture('synthetic/afd671_rep-p_kermit_sha256.txt'));
    expect(out.lastNsr).toBe(12);
    expect(out.lastHash).toBe('acdd9ab46546296b6dd8689d7ccf780de5f0bb60b7bfd2175986b9e7580914a9');
    expect(out.fileName).toBe('AFD0005120240000000111222333000181REP_P.txt');
  });

  it('REP-C (types 3 and 4 as well)', () => {
    const out = writeAfd671(REP_C_FIXTURE);
    expectSameBytes(out.bytes, fixture('synthetic/afd671_rep-c_kermit_all-types.txt'));
    expect(out.fileName).toBe('AFD0001400375000000111222333000181REP_C.txt');
  });

  it('is read back by our reader without findings', () => {
    const r = parseAfd(writeAfd671(REP_P_FIXTURE).bytes);
    expect(r.issues).toEqual([]);
    expect(r.crcVariant).toBe('KERMIT');
  });
});

describe('AEJ writer', () => {
  it('reproduces synthetic/aej671_example.txt byte for byte', () => {
    const out = writeAej(AEJ_FIXTURE);
    expectSameBytes(out.bytes, fixture('synthetic/aej671_example.txt'));
    expect(out.counts).toEqual({ '01': 1, '02': 2, '03': 3, '04': 2, '05': 7, '06': 2, '07': 4, '08': 1 });
  });

  it('reads the fixture back into the same plain data', () => {
    const r = parseAej(fixture('synthetic/aej671_example.txt'));
    expect(r.issues).toEqual([]);
    expect(r.employer).toEqual({ ...AEJ_FIXTURE.employer, caepf: null, cno: null });
    expect(r.reps).toEqual(AEJ_FIXTURE.reps);
    expect(r.bonds).toEqual(AEJ_FIXTURE.bonds);
    expect(r.schedules).toEqual(AEJ_FIXTURE.schedules);
    expect(r.marks).toEqual((AEJ_FIXTURE.marks as object[]).map((m) => ({ scheduleCode: null, reason: null, ...m })));
    expect(r.absences).toEqual(
      (AEJ_FIXTURE.absences as object[]).map((a) => ({ minutes: null, hourBankMovement: null, ...a })),
    );
    expect(r.program).toEqual(AEJ_FIXTURE.program);
    expect(r.signatureLine?.trimEnd()).toBe('ASSINATURA_DIGITAL_EM_ARQUIVO_P7S');
    expect(r.declared).toEqual({ '01': 1, '02': 2, '03': 3, '04': 2, '05': 7, '06': 2, '07': 4, '08': 1 });
  });
});

describe('AFDT writer', () => {
  it('reproduces synthetic/afdt1510_example.txt byte for byte', () => {
    expectSameBytes(writeAfdt(AFDT_FIXTURE), fixture('synthetic/afdt1510_example.txt'));
  });

  it('reads the fixture back', () => {
    const r = parseAfdt(fixture('synthetic/afdt1510_example.txt'));
    expect(r.issues).toEqual([]);
    expect(r.trailerSequence).toBe(9);
    expect(r.header).toEqual({
      employer: { ...AFDT_FIXTURE.employer, name: 'EMPRESA FICTÍCIA DE TESTES LTDA' },
      firstDate: '2024-03-04',
      lastDate: '2024-03-06',
      generatedAt: '2024-03-06T09:00',
    });
    expect(r.marks.map(({ line: _l, rawId: _r, cpf: _c, pis, ...m }) => ({ ...m, employee: { pis } }))).toEqual(
      [...AFDT_FIXTURE.marks].map((m) => ({ reason: null, ...m })),
    );
  });
});

describe('ACJEF writer', () => {
  it('reproduces synthetic/acjef1510_example.txt byte for byte', () => {
    expectSameBytes(writeAcjef(ACJEF_FIXTURE), fixture('synthetic/acjef1510_example.txt'));
  });

  it('reads the fixture back', () => {
    const r = parseAcjef(fixture('synthetic/acjef1510_example.txt'));
    expect(r.issues).toEqual([]);
    expect(r.schedules).toEqual(ACJEF_FIXTURE.schedules);
    expect(r.shifts.map(({ line: _l, rawId: _r, cpf: _c, pis, ...s }) => ({ ...s, employee: { pis } }))).toEqual([
      ...ACJEF_FIXTURE.shifts,
    ]);
    expect(r.trailerSequence).toBe(6);
  });
});
