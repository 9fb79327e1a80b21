/** Writers refuse data the layouts cannot carry, with Portuguese messages. */
import { describe, expect, it } from 'vitest';
import { writeAfd671, type Afd671Input } from '../src/afd/writer.js';
import { writeAej, type AejInput } from '../src/aej/writer.js';
import { writeAfdt } from '../src/afdt/afdt.js';
import { writeAcjef } from '../src/acjef/acjef.js';
import { FiscalInputError, toLatin1Text, alpha, num } from '../src/shared/text.js';
import { ACJEF_FIXTURE, AEJ_FIXTURE, AFDT_FIXTURE, at, REP_P_FIXTURE } from './data.js';

function problems(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof FiscalInputError) return [...e.problems];
    throw e;
  }
  return [];
}

describe('field formatting', () => {
  it.each([
    ['JOÃO', 'JOÃO'],
    ['Jo\u0061\u0303o', 'Jo\u00e3o'], // NFD input becomes one Latin-1 character
    ['linha\r\nquebrada', 'linha  quebrada'],
    ['aspas “curvas” – travessão', 'aspas "curvas" - travessão'],
    ['Łódź', '?ódz'], // Ł has no decomposition; ó is Latin-1; ź loses its accent
    ['emoji 😀', 'emoji ?'],
  ])('toLatin1Text(%j) = %j', (input, expected) => expect(toLatin1Text(input)).toBe(expected));

  it('AEJ values lose the separator', () => expect(toLatin1Text('A|B', '|')).toBe('A B'));
  it('alpha pads and truncates', () => {
    expect(alpha('AB', 4)).toBe('AB  ');
    expect(alpha('ABCDEF', 4)).toBe('ABCD');
    expect(alpha(null, 3)).toBe('   ');
  });
  it('num pads with zeros, writes absent values as spaces, refuses overflow and non-digits', () => {
    expect(num(42, 5)).toBe('00042');
    expect(num(null, 3)).toBe('   ');
    expect(() => num(123456, 5)).toThrow(FiscalInputError);
    expect(() => num('12a', 5)).toThrow(FiscalInputError);
  });
});

describe('AFD 671 writer validation', () => {
  const base = REP_P_FIXTURE;
  it.each<[string, Partial<Afd671Input>, RegExp]>([
    ['invalid employer CNPJ', { employer: { ...base.employer, id: '11222333000182' } }, /CNPJ inválido/],
    ['invalid developer CNPJ', { developer: { idKind: 1, id: '123' } }, /CNPJ inválido/],
    ['type 3 on a REP-P', { entries: [{ type: 3, dateTime: at('2024-03-04T08:00'), cpf: '52998224725' }] }, /tipo 7/],
    [
      'type 7 on a REP-C',
      {
        repKind: 'REP_C',
        entries: [
          {
            type: 7,
            dateTime: at('2024-03-04T08:00'),
            cpf: '52998224725',
            recordedAt: at('2024-03-04T08:00'),
            collector: 1,
            offline: false,
          },
        ],
      },
      /REP-P/,
    ],
    [
      'invalid CPF in a punch',
      {
        entries: [
          {
            type: 7,
            dateTime: at('2024-03-04T08:00'),
            cpf: '52998224724',
            recordedAt: at('2024-03-04T08:00'),
            collector: 1,
            offline: false,
          },
        ],
      },
      /CPF inválido/,
    ],
    [
      '31 February',
      {
        entries: [
          {
            type: 7,
            dateTime: at('2024-02-31T08:00'),
            cpf: '52998224725',
            recordedAt: at('2024-03-04T08:00'),
            collector: 1,
            offline: false,
          },
        ],
      },
      /data\/hora inválida/,
    ],
    [
      'offset with colon',
      { entries: [{ type: 6, recordedAt: at('2024-03-04T08:00', '-03:00'), event: '07' }] },
      /fuso inválido/,
    ],
    ['REP number longer than 17 digits', { repIdentifier: 'BR512023001234567890' }, /excede 17/],
    ['NSR 0', { firstNsr: 0 }, /NSR inicial/],
  ])('%s', (_n, patch, message) => {
    expect(problems(() => writeAfd671({ ...base, ...patch })).join('\n')).toMatch(message);
  });

  it('keeps only the digits of an INPI number (open point 11)', () => {
    const out = writeAfd671({ ...base, repIdentifier: 'BR51202400000-1' });
    expect(out.bytes.toString('latin1').slice(189, 206)).toBe('00000512024000001');
  });
});

describe('AEJ writer validation', () => {
  const f = AEJ_FIXTURE;
  const marks = f.marks as AejInput['marks'] extends Iterable<infer M> ? M[] : never;
  it.each<[string, Partial<AejInput>, RegExp]>([
    ['mark of an undeclared bond', { marks: [{ ...marks[0]!, bondId: 9 }] }, /vínculo não declarado/],
    ['mark of an undeclared REP', { marks: [{ ...marks[0]!, repId: 7 }] }, /REP 7 não declarado/],
    ['undeclared schedule', { marks: [{ ...marks[0]!, scheduleCode: 'X' }] }, /horário "X" não declarado/],
    ['first entry without schedule', { marks: [{ ...marks[0]!, scheduleCode: null }] }, /codHorContratual obrigatório/],
    ['disregarded mark without reason', { marks: [{ ...marks[2]!, reason: null }] }, /motivo obrigatório/],
    ['included mark without reason', { marks: [{ ...marks[4]!, reason: '   ' }] }, /motivo obrigatório/],
    [
      'original mark of a REP without number',
      { reps: [{ id: 1, kind: 1, number: null }, f.reps[1]!] },
      /nrRep obrigatório/,
    ],
    [
      'time bank without minutes',
      { absences: [{ bondId: 1, kind: 3, date: '2024-03-04', hourBankMovement: 1 }] },
      /qtMinutos obrigatório/,
    ],
    [
      'time bank without movement',
      { absences: [{ bondId: 1, kind: 3, date: '2024-03-04', minutes: 30 }] },
      /tipoMovBH obrigatório/,
    ],
    [
      'two bonds of one CPF without eSocial registration',
      { bonds: f.bonds.map((b) => ({ ...b, esocialRegistration: null })) },
      /matrícula eSocial obrigatória/,
    ],
    ['duplicate bond id', { bonds: [f.bonds[0]!, f.bonds[0]!] }, /declarado duas vezes/],
    ['invalid CPF', { bonds: [{ ...f.bonds[2]!, cpf: '11144477736' }] }, /CPF inválido/],
    ['schedule code with a pipe', { schedules: [{ ...f.schedules[0]!, code: 'H|1' }] }, /código/],
    [
      'invalid schedule time',
      { schedules: [{ ...f.schedules[0]!, pairs: [{ entry: '25:00', exit: '17:00' }] }] },
      /hora inválida/,
    ],
  ])('%s', (_n, patch, message) => {
    expect(problems(() => writeAej({ ...f, ...patch })).join('\n')).toMatch(message);
  });

  it('collects several problems at once', () => {
    const p = problems(() => writeAej({ ...f, marks: [{ ...marks[0]!, bondId: 9, scheduleCode: null }] }));
    expect(p.length).toBeGreaterThanOrEqual(2);
  });

  it('strips pipes and line breaks from text', () => {
    const out = writeAej({
      ...f,
      marks: [...marks.slice(0, 2), { ...marks[2]!, reason: 'DUPLICADA|\r\nVER' }],
      absences: [],
    }).bytes.toString('latin1');
    expect(out).toContain('|DUPLICADA   VER\r\n');
  });

  it('writes 06 only for CPFs with more than one bond', () => {
    const out = writeAej({ ...f, bonds: [f.bonds[0]!, f.bonds[2]!], marks: [marks[0]!, marks[5]!], absences: [] });
    expect(out.counts['06']).toBe(0);
  });
});

describe('AFDT and ACJEF writer validation', () => {
  it('AFDT: a disregarded or included mark needs a reason', () => {
    const marks = [...AFDT_FIXTURE.marks];
    expect(problems(() => writeAfdt({ ...AFDT_FIXTURE, marks: [{ ...marks[3]!, reason: '' }] })).join()).toMatch(
      /motivo obrigatório/,
    );
    expect(problems(() => writeAfdt({ ...AFDT_FIXTURE, marks: [{ ...marks[6]!, reason: null }] })).join()).toMatch(
      /motivo obrigatório/,
    );
  });

  it('AFDT: an employee without PIS is written in art. 96 §2 form 9 by default, 8 on request', () => {
    const m = { ...[...AFDT_FIXTURE.marks][0]!, employee: { cpf: '12345678909' } };
    expect(writeAfdt({ ...AFDT_FIXTURE, marks: [m] }).toString('latin1')).toContain('0800912345678909');
    expect(writeAfdt({ ...AFDT_FIXTURE, marks: [m], cpfForm: 8 }).toString('latin1')).toContain('0800812345678900');
  });

  it.each([
    [
      'percent with two decimals',
      { overtime: [{ minutes: 60, percent: 62.55, period: 'D' as const }] },
      /3 inteiros \+ 1 decimal/,
    ],
    ['five overtime groups', { overtime: Array(5).fill({ minutes: 1, percent: 50, period: 'D' }) }, /quatro grupos/],
    ['undeclared schedule', { scheduleCode: 9 }, /horário 9 não declarado/],
    ['100 hours', { dayMinutes: 100 * 60 }, /não cabe em hhmm/],
  ])('ACJEF: %s', (_n, patch, message) => {
    const shift = { ...[...ACJEF_FIXTURE.shifts][0]!, ...patch };
    expect(problems(() => writeAcjef({ ...ACJEF_FIXTURE, shifts: [shift] })).join()).toMatch(message);
  });

  it('ACJEF: 62.5% is written 0625, a negative balance with sign 2, night overtime N', () => {
    const shift = {
      ...[...ACJEF_FIXTURE.shifts][0]!,
      overtime: [{ minutes: 90, percent: 62.5, period: 'N' as const }],
      balanceMinutes: -75,
    };
    const line = writeAcjef({ ...ACJEF_FIXTURE, shifts: [shift] })
      .toString('latin1')
      .split('\r\n')[3]!;
    expect(line.slice(46, 55)).toBe('01300625N');
    expect(line.slice(86, 91)).toBe('20115');
  });
});
