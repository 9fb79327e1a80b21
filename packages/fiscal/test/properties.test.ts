/** Property tests: write → read gives the same records; the reader never throws. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAfd, AfdStreamParser } from '../src/afd/reader.js';
import { writeAfd671, type Afd671Entry, type RepKind } from '../src/afd/writer.js';
import { parseAej } from '../src/aej/parser.js';
import { writeAej, type AejMark } from '../src/aej/writer.js';
import { parseAfdt, writeAfdt, type AfdtMark } from '../src/afdt/afdt.js';
import { parseAcjef, writeAcjef, type AcjefShift } from '../src/acjef/acjef.js';
import { cpfCheckDigits, pisCheckDigit } from '../src/shared/ids.js';
import { EMPLOYER } from './data.js';

const pad2 = (n: number) => String(n).padStart(2, '0');

// Valid identifiers built from random bases (check digits computed by the rule under test in ids.test.ts).
const cpfArb = fc
  .stringMatching(/^[0-9]{9}$/)
  .filter((b) => !/^(\d)\1+$/.test(b))
  .map((b) => b + cpfCheckDigits(b));
const pisArb = fc
  .stringMatching(/^[0-9]{10}$/)
  .filter((b) => !/^(\d)\1+$/.test(b))
  .map((b) => b + String(pisCheckDigit(b)))
  .filter((p) => !/^(\d)\1+$/.test(p));
const dateArb = fc
  .record({
    y: fc.integer({ min: 2000, max: 2040 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${pad2(m)}-${pad2(d)}`);
const timeArb = fc
  .record({ h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }) })
  .map(({ h, mi }) => `${pad2(h)}:${pad2(mi)}`);
const offsetArb = fc.constantFrom('-0200', '-0300', '-0400', '-0500', '+0000');
const localArb = fc.tuple(dateArb, timeArb).map(([d, t]) => `${d}T${t}`);
const dhArb = fc.record({ local: localArb, offset: offsetArb });
// Latin-1 text with accents, as names really are; trimmed because fixed-width fields lose trailing blanks.
const nameArb = fc
  .array(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ ÁÉÍÓÚÃÕÇÂÊÔàéíóúãõçü.-'".split('')), {
    minLength: 1,
    maxLength: 52,
  })
  .map((a) => a.join('').trim())
  .filter((s) => s.length > 0);

const entryArb = (kind: RepKind): fc.Arbitrary<Afd671Entry> =>
  fc.oneof(
    fc.record({
      type: fc.constant(2 as const),
      recordedAt: dhArb,
      responsibleCpf: cpfArb,
      employer: fc.constant(EMPLOYER),
      workplace: nameArb,
    }),
    kind === 'REP_P'
      ? fc.record({
          type: fc.constant(7 as const),
          dateTime: dhArb,
          cpf: cpfArb,
          recordedAt: dhArb,
          collector: fc.constantFrom(1, 2, 3, 4, 5) as fc.Arbitrary<1 | 2 | 3 | 4 | 5>,
          offline: fc.boolean(),
        })
      : fc.record({ type: fc.constant(3 as const), dateTime: dhArb, cpf: cpfArb }),
    fc.record({ type: fc.constant(4 as const), before: dhArb, after: dhArb, responsibleCpf: cpfArb }),
    fc.record({
      type: fc.constant(5 as const),
      recordedAt: dhArb,
      operation: fc.constantFrom('I', 'A', 'E') as fc.Arbitrary<'I' | 'A' | 'E'>,
      cpf: cpfArb,
      name: nameArb,
      responsibleCpf: cpfArb,
    }),
    fc.record({
      type: fc.constant(6 as const),
      recordedAt: dhArb,
      event: fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08') as fc.Arbitrary<'01'>,
    }),
  );

describe('AFD 671: write → read', () => {
  it.each(['REP_C', 'REP_P', 'REP_A'] as const)('%s: the reader gives back every entry, no findings', (kind) => {
    fc.assert(
      fc.property(
        fc.array(entryArb(kind), { maxLength: 40 }),
        fc.integer({ min: 1, max: 900_000_000 }),
        (entries, firstNsr) => {
          const out = writeAfd671({
            repKind: kind,
            employer: EMPLOYER,
            repIdentifier: kind === 'REP_A' ? '99999999999999999' : '00051202400000001',
            developer: { idKind: 1, id: '11444777000161' },
            firstDate: '2024-03-01',
            lastDate: '2024-03-31',
            generatedAt: { local: '2024-04-01T09:00', offset: '-0300' },
            firstNsr,
            entries,
          });
          const r = parseAfd(out.bytes);
          // The first type 7 of a file starting past NSR 1 still chains from nothing: it verifies.
          expect(r.issues).toEqual([]);
          expect(r.layout).toBe('671');
          const body = r.records.filter((x) => x.type !== 1 && x.type !== 9 && x.type !== 'signature');
          expect(body).toHaveLength(entries.length);
          body.forEach((rec, i) => {
            const e = entries[i] as Afd671Entry;
            expect(rec.type).toBe(e.type);
            expect('nsr' in rec && rec.nsr).toBe(firstNsr + i);
            switch (e.type) {
              case 2:
                expect(rec).toMatchObject({
                  recordedAt: e.recordedAt,
                  responsibleCpf: e.responsibleCpf,
                  employerId: EMPLOYER.id,
                  workplace: e.workplace,
                });
                break;
              case 3:
                expect(rec).toMatchObject({ dateTime: e.dateTime, cpf: e.cpf });
                break;
              case 4:
                expect(rec).toMatchObject({ before: e.before, after: e.after, responsibleCpf: e.responsibleCpf });
                break;
              case 5:
                expect(rec).toMatchObject({
                  recordedAt: e.recordedAt,
                  operation: e.operation,
                  cpf: e.cpf,
                  name: e.name,
                  responsibleCpf: e.responsibleCpf,
                });
                break;
              case 6:
                expect(rec).toMatchObject({ recordedAt: e.recordedAt, event: e.event });
                break;
              case 7:
                expect(rec).toMatchObject({
                  dateTime: e.dateTime,
                  cpf: e.cpf,
                  recordedAt: e.recordedAt,
                  collector: `0${e.collector}`,
                  offline: e.offline,
                });
                break;
            }
          });
          const t = r.trailer?.declared ?? {};
          for (const k of ['2', '3', '4', '5', '6', '7'] as const) expect(t[k]).toBe(out.counts[k]);
          // Every line is CR LF terminated ISO-8859-1.
          expect(out.bytes.subarray(-2).toString('latin1')).toBe('\r\n');
          expect(
            out.bytes
              .toString('latin1')
              .split('\r\n')
              .slice(0, -1)
              .every((l) => !l.includes('\n')),
          ).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the reader never throws and never loses good lines', () => {
  it('on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const r = parseAfd(bytes);
        for (const i of r.issues) {
          expect(i.line).toBeGreaterThanOrEqual(1);
          expect(i.mensagem.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('when a garbage line is inserted anywhere in a valid file', () => {
    const base = writeAfd671({
      repKind: 'REP_C',
      employer: EMPLOYER,
      repIdentifier: '1',
      developer: { idKind: 1, id: '11444777000161' },
      firstDate: '2024-03-01',
      lastDate: '2024-03-31',
      generatedAt: { local: '2024-04-01T09:00', offset: '-0300' },
      entries: Array.from({ length: 10 }, (_, i) => ({
        type: 3 as const,
        dateTime: { local: `2024-03-0${(i % 9) + 1}T08:00`, offset: '-0300' },
        cpf: '52998224725',
      })),
    })
      .bytes.toString('latin1')
      .split('\r\n');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.string({ minLength: 1, maxLength: 80 }).filter((s) => !/[\r\n]/.test(s)),
        (at, garbage) => {
          const lines = [...base];
          lines.splice(at, 0, garbage);
          const r = parseAfd(Buffer.from(lines.join('\r\n'), 'latin1'));
          expect(r.records.filter((x) => x.type === 3)).toHaveLength(10);
          expect(r.issues.some((i) => i.line === at + 1)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('any chunking of a file gives the same records', () => {
    const bytes = Buffer.from(parseAfdSample());
    const whole = parseAfd(bytes);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 30 }), (sizes) => {
        const records: unknown[] = [];
        const p = new AfdStreamParser({ onRecord: (r) => records.push(r) });
        let pos = 0;
        let i = 0;
        while (pos < bytes.length) {
          const n = sizes[i++ % sizes.length] as number;
          p.push(bytes.subarray(pos, pos + n));
          pos += n;
        }
        p.end();
        expect(records).toEqual(whole.records);
      }),
      { numRuns: 100 },
    );
  });
});

function parseAfdSample(): Buffer {
  return writeAfd671({
    repKind: 'REP_P',
    employer: EMPLOYER,
    repIdentifier: '512024000001',
    developer: { idKind: 1, id: '11444777000161' },
    firstDate: '2024-03-01',
    lastDate: '2024-03-31',
    generatedAt: { local: '2024-04-01T09:00', offset: '-0300' },
    entries: [
      {
        type: 5,
        recordedAt: { local: '2024-03-01T07:00', offset: '-0300' },
        operation: 'I',
        cpf: '52998224725',
        name: 'JOÃO',
        responsibleCpf: '98765432100',
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        type: 7 as const,
        dateTime: { local: `2024-03-${pad2(i + 1)}T08:00`, offset: '-0300' },
        cpf: '52998224725',
        recordedAt: { local: `2024-03-${pad2(i + 1)}T08:00`, offset: '-0300' },
        collector: 1 as const,
        offline: false,
      })),
    ],
  }).bytes;
}

describe('AEJ: write → read', () => {
  it('gives back bonds, marks and absences', () => {
    const markArb = (bondIds: number[]) =>
      fc.record({
        bondId: fc.constantFrom(...bondIds),
        dateTime: dhArb,
        repId: fc.constantFrom(1, null),
        kind: fc.constantFrom('E', 'S', 'D') as fc.Arbitrary<'E' | 'S' | 'D'>,
        pair: fc.integer({ min: 1, max: 999 }),
        source: fc.constantFrom('O', 'I', 'P', 'X', 'T') as fc.Arbitrary<AejMark['source']>,
        scheduleCode: fc.constant('H1'),
        reason: nameArb.map((s) => s.replace(/\|/g, '')),
      });
    fc.assert(
      fc.property(
        fc.uniqueArray(cpfArb, { minLength: 1, maxLength: 5 }),
        fc.array(nameArb, { minLength: 5, maxLength: 5 }),
        (cpfs, names) =>
          fc.assert(
            fc.property(
              fc.array(markArb(cpfs.map((_, i) => i + 1)), { maxLength: 30 }),
              fc.array(
                fc.record({
                  bondId: fc.constant(1),
                  kind: fc.constantFrom(1, 2, 4) as fc.Arbitrary<1 | 2 | 4>,
                  date: dateArb,
                }),
                { maxLength: 5 },
              ),
              (marks, absences) => {
                const input = {
                  employer: { idKind: 1 as const, id: '11222333000181', name: 'EMPRESA' },
                  firstDate: '2024-03-01',
                  lastDate: '2024-03-31',
                  generatedAt: { local: '2024-04-01T09:00', offset: '-0300' },
                  reps: [{ id: 1, kind: 3 as const, number: '512024000001' }],
                  bonds: cpfs.map((cpf, i) => ({ id: i + 1, cpf, name: names[i] as string })),
                  schedules: [{ code: 'H1', durationMinutes: 480, pairs: [{ entry: '08:00', exit: '17:00' }] }],
                  marks,
                  absences,
                  program: {
                    name: 'P',
                    version: '1',
                    developer: { idKind: 1 as const, id: '11444777000161' },
                    developerName: 'D',
                    email: 'a@b.c',
                  },
                };
                const r = parseAej(writeAej(input).bytes);
                expect(r.issues).toEqual([]);
                expect(r.bonds).toEqual(input.bonds);
                expect(r.marks).toEqual(marks.map((m) => ({ ...m, reason: m.reason.trim() })));
                expect(r.absences).toEqual(absences.map((a) => ({ ...a, minutes: null, hourBankMovement: null })));
                expect(r.reps).toEqual([{ id: 1, kind: 3, number: '00000512024000001' }]);
              },
            ),
            { numRuns: 5 },
          ),
      ),
      { numRuns: 10 },
    );
  });
});

describe('AFDT and ACJEF: write → read', () => {
  const header = {
    employer: EMPLOYER,
    firstDate: '2024-03-01',
    lastDate: '2024-03-31',
    generatedAt: '2024-04-01T09:00',
  };

  it('AFDT marks survive, with PIS or CPF (art. 96 §2 forms 9 and 8)', () => {
    const idArb = fc.oneof(
      pisArb.map((pis) => ({ pis })),
      cpfArb.map((cpf) => ({ cpf })),
    );
    const markArb: fc.Arbitrary<AfdtMark> = fc.record({
      date: dateArb,
      time: timeArb,
      employee: idArb,
      repSerial: fc.constantFrom('00004000070000001', null),
      kind: fc.constantFrom('E', 'S') as fc.Arbitrary<'E' | 'S'>,
      pair: fc.integer({ min: 1, max: 99 }),
      source: fc.constantFrom('O', 'P') as fc.Arbitrary<'O' | 'P'>,
      reason: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(markArb, { maxLength: 20 }), fc.constantFrom(8 as const, 9 as const), (marks, cpfForm) => {
        const r = parseAfdt(writeAfdt({ ...header, marks, cpfForm }));
        expect(r.issues).toEqual([]);
        expect(r.trailerSequence).toBe(marks.length + 2);
        expect(
          r.marks.map((m) => ({
            date: m.date,
            time: m.time,
            employee: m.pis ? { pis: m.pis } : { cpf: m.cpf },
            repSerial: m.repSerial,
            kind: m.kind,
            pair: m.pair,
            source: m.source,
            reason: m.reason,
          })),
        ).toEqual(marks);
      }),
      { numRuns: 60 },
    );
  });

  it('ACJEF shifts survive', () => {
    const hm = fc.integer({ min: 0, max: 99 * 60 + 59 });
    const shiftArb: fc.Arbitrary<AcjefShift> = fc.record({
      employee: pisArb.map((pis) => ({ pis })),
      date: dateArb,
      firstEntry: timeArb,
      scheduleCode: fc.constant(1),
      dayMinutes: hm,
      nightMinutes: hm,
      overtime: fc.array(
        fc.record({
          minutes: hm,
          percent: fc.integer({ min: 0, max: 9999 }).map((t) => t / 10),
          period: fc.constantFrom('D', 'N') as fc.Arbitrary<'D' | 'N'>,
        }),
        { maxLength: 4 },
      ),
      absenceMinutes: hm,
      balanceMinutes: fc.integer({ min: -(99 * 60 + 59), max: 99 * 60 + 59 }).map((n) => (n === 0 ? 0 : n)),
    });
    fc.assert(
      fc.property(fc.array(shiftArb, { maxLength: 15 }), (shifts) => {
        const schedules = [
          {
            code: 1,
            entry: '08:00',
            exit: '17:00',
            breakStart: '12:00',
            breakEnd: '13:00',
            extraBreaks: [{ start: '15:00', end: '15:10' }],
          },
        ];
        const r = parseAcjef(writeAcjef({ ...header, schedules, shifts }));
        expect(r.issues).toEqual([]);
        expect(r.schedules).toEqual(schedules);
        // A used group always has D or N in its last byte, an unused one a space: all groups survive.
        expect(r.shifts.map(({ line: _l, rawId: _r, cpf: _c, pis, ...s }) => ({ ...s, employee: { pis } }))).toEqual(
          shifts,
        );
      }),
      { numRuns: 60 },
    );
  });
});
