/**
 * The AFD layouts as data (spec §4-§6): for Portarias 1510/2009, INMETRO
 * 595/2013 and MTP 671/2021, every record type with its fields at the official
 * 1-based inclusive positions, so each row can be checked against the tables
 * of the Portarias. The reader slices by these offsets and the writer pads by
 * these widths; test/afd-layout.test.ts checks that the fields tile each record
 * exactly and that the lengths are those of spec §3.
 *
 * A date-time is one `DH` field in 671; in 1510/595 it is a `D` field (ddmmaaaa)
 * named like the 671 field plus a `H` field (hhmm) with `Time` appended.
 */
import type { AfdLayout } from './types.js';

/** N numeric, A alphanumeric, D date, DH 671 date-time, H time `hhmm`, CRC the CRC-16 hex. */
export type AfdFieldType = 'N' | 'A' | 'D' | 'DH' | 'H' | 'CRC';

export interface AfdField {
  readonly name: string;
  readonly type: AfdFieldType;
  /** 0-based offset (the official position − 1) and width in bytes. */
  readonly start: number;
  readonly length: number;
  /** What writer errors call the field. */
  readonly label: string;
}

/** Record keys: the type byte, `9` for the trailer. */
export type AfdRecordKey = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9;

export interface AfdRecordLayout {
  readonly key: AfdRecordKey;
  readonly length: number;
  /** Types 1-5 of 595 and 671 end with a CRC-16 over every byte before it (§8.1). */
  readonly crc: boolean;
  /** In file order. */
  readonly fields: readonly AfdField[];
  readonly field: Readonly<Record<string, AfdField>>;
}

type Row = readonly [name: string, from: number, to: number, type: AfdFieldType, label?: string];

function record(key: AfdRecordKey, rows: readonly Row[]): AfdRecordLayout {
  const fields = rows.map(([name, from, to, type, label]) => ({
    name,
    type,
    start: from - 1,
    length: to - from + 1,
    label: label ?? name,
  }));
  const last = fields[fields.length - 1]!;
  return {
    key,
    length: last.start + last.length,
    crc: last.type === 'CRC',
    fields,
    field: Object.fromEntries(fields.map((f) => [f.name, f])),
  };
}

const CRC_AT = (from: number): Row => ['crc', from, from + 3, 'CRC'];
const NSR: Row = ['nsr', 1, 9, 'N', 'NSR'];
const type = (at: number): Row => ['type', at, at, 'N'];

// ---- Portaria 1510 (spec §4) and INMETRO 595 (spec §5) --------------------

const HEADER_1510: readonly Row[] = [
  ['zeros', 1, 9, 'N'],
  type(10),
  ['employerIdKind', 11, 11, 'N'],
  ['employerId', 12, 25, 'N', 'Empregador'],
  ['employerCei', 26, 37, 'N', 'CEI'],
  ['employerName', 38, 187, 'A'],
  ['repIdentifier', 188, 204, 'N', 'Número do REP'],
  ['firstDate', 205, 212, 'D'],
  ['lastDate', 213, 220, 'D'],
  ['generatedAt', 221, 228, 'D'],
  ['generatedAtTime', 229, 232, 'H'],
];
const PUNCH_1510: readonly Row[] = [
  NSR,
  type(10),
  ['punchAt', 11, 18, 'D'],
  ['punchAtTime', 19, 22, 'H'],
  ['employee', 23, 34, 'N'],
];
const CLOCK_1510: readonly Row[] = [
  NSR,
  type(10),
  ['before', 11, 18, 'D'],
  ['beforeTime', 19, 22, 'H'],
  ['after', 23, 30, 'D'],
  ['afterTime', 31, 34, 'H'],
];
const EMPLOYEE_1510: readonly Row[] = [
  NSR,
  type(10),
  ['recordedAt', 11, 18, 'D'],
  ['recordedAtTime', 19, 22, 'H'],
  ['operation', 23, 23, 'A'],
  ['employee', 24, 35, 'N'],
  ['name', 36, 87, 'A'],
];

const L1510: Partial<Record<AfdRecordKey, AfdRecordLayout>> = {
  1: record(1, HEADER_1510),
  2: record(2, [
    NSR,
    type(10),
    ['recordedAt', 11, 18, 'D'],
    ['recordedAtTime', 19, 22, 'H'],
    ['employerIdKind', 23, 23, 'N'],
    ['employerId', 24, 37, 'N'],
    ['employerCei', 38, 49, 'N'],
    ['employerName', 50, 199, 'A'],
    ['workplace', 200, 299, 'A'],
  ]),
  3: record(3, PUNCH_1510),
  4: record(4, CLOCK_1510),
  5: record(5, EMPLOYEE_1510),
  9: record(9, [
    ['nines', 1, 9, 'N'],
    ['count2', 10, 18, 'N'],
    ['count3', 19, 27, 'N'],
    ['count4', 28, 36, 'N'],
    ['count5', 37, 45, 'N'],
    type(46),
  ]),
};

const L595: Partial<Record<AfdRecordKey, AfdRecordLayout>> = {
  1: record(1, [...HEADER_1510, CRC_AT(233)]),
  2: record(2, [
    NSR,
    type(10),
    ['recordedAt', 11, 18, 'D'],
    ['recordedAtTime', 19, 22, 'H'],
    ['responsibleCpf', 23, 36, 'N'],
    ['employerIdKind', 37, 37, 'N'],
    ['employerId', 38, 51, 'N'],
    ['employerCei', 52, 63, 'N'],
    ['employerName', 64, 213, 'A'],
    ['workplace', 214, 313, 'A'],
    CRC_AT(314),
  ]),
  3: record(3, [...PUNCH_1510, CRC_AT(35)]),
  4: record(4, [...CLOCK_1510, ['responsibleCpf', 35, 45, 'N'], CRC_AT(46)]),
  5: record(5, [...EMPLOYEE_1510, ['otherData', 88, 91, 'A'], ['responsibleCpf', 92, 102, 'N'], CRC_AT(103)]),
  6: record(6, [NSR, type(10), ['recordedAt', 11, 18, 'D'], ['recordedAtTime', 19, 22, 'H'], ['event', 23, 24, 'N']]),
  9: record(9, [
    ['nines', 1, 9, 'N'],
    ['count2', 10, 18, 'N'],
    ['count3', 19, 27, 'N'],
    ['count4', 28, 36, 'N'],
    ['count5', 37, 45, 'N'],
    ['count6', 46, 54, 'N'],
    type(55),
  ]),
};

// ---- Portaria 671, layout 003 (spec §6) ----------------------------------

const L671: Partial<Record<AfdRecordKey, AfdRecordLayout>> = {
  1: record(1, [
    ['zeros', 1, 9, 'N'],
    type(10),
    ['employerIdKind', 11, 11, 'N'],
    ['employerId', 12, 25, 'N', 'Empregador'],
    ['employerCei', 26, 39, 'N', 'CNO/CAEPF'],
    ['employerName', 40, 189, 'A'],
    ['repIdentifier', 190, 206, 'N', 'Número do REP'],
    ['firstDate', 207, 216, 'D'],
    ['lastDate', 217, 226, 'D'],
    ['generatedAt', 227, 250, 'DH'],
    ['layoutVersion', 251, 253, 'N'],
    ['developerIdKind', 254, 254, 'N'],
    ['developerId', 255, 268, 'N', 'Fabricante/desenvolvedor'],
    ['model', 269, 298, 'A'],
    CRC_AT(299),
  ]),
  2: record(2, [
    NSR,
    type(10),
    ['recordedAt', 11, 34, 'DH'],
    // 14 wide for an 11-digit CPF (open point 10).
    ['responsibleCpf', 35, 48, 'N', 'CPF do responsável'],
    ['employerIdKind', 49, 49, 'N'],
    ['employerId', 50, 63, 'N', 'Empregador'],
    ['employerCei', 64, 77, 'N', 'CNO/CAEPF'],
    ['employerName', 78, 227, 'A'],
    ['workplace', 228, 327, 'A'],
    CRC_AT(328),
  ]),
  3: record(3, [NSR, type(10), ['punchAt', 11, 34, 'DH'], ['employee', 35, 46, 'N'], CRC_AT(47)]),
  4: record(4, [
    NSR,
    type(10),
    ['before', 11, 34, 'DH'],
    ['after', 35, 58, 'DH'],
    ['responsibleCpf', 59, 69, 'N', 'CPF do responsável'],
    CRC_AT(70),
  ]),
  5: record(5, [
    NSR,
    type(10),
    ['recordedAt', 11, 34, 'DH'],
    ['operation', 35, 35, 'A'],
    ['employee', 36, 47, 'N'],
    ['name', 48, 99, 'A'],
    ['otherData', 100, 103, 'A'],
    ['responsibleCpf', 104, 114, 'N', 'CPF do responsável'],
    CRC_AT(115),
  ]),
  6: record(6, [NSR, type(10), ['recordedAt', 11, 34, 'DH'], ['event', 35, 36, 'N']]),
  7: record(7, [
    NSR,
    type(10),
    ['punchAt', 11, 34, 'DH'],
    ['employee', 35, 46, 'N'],
    ['recordedAt', 47, 70, 'DH'],
    ['collector', 71, 72, 'N'],
    ['offline', 73, 73, 'N'],
    ['hash', 74, 137, 'A'],
  ]),
  9: record(9, [
    ['nines', 1, 9, 'N'],
    ['count2', 10, 18, 'N'],
    ['count3', 19, 27, 'N'],
    ['count4', 28, 36, 'N'],
    ['count5', 37, 45, 'N'],
    ['count6', 46, 54, 'N'],
    ['count7', 55, 63, 'N'],
    type(64),
  ]),
};

export const AFD_LAYOUTS: Readonly<Record<AfdLayout, Partial<Record<AfdRecordKey, AfdRecordLayout>>>> = {
  '1510': L1510,
  '595': L595,
  '671': L671,
};

/** Record lengths per layout (spec §3 table), derived from the fields. Key 9 is the trailer. */
export const AFD_LENGTHS: Readonly<Record<AfdLayout, Readonly<Partial<Record<number, number>>>>> = Object.fromEntries(
  Object.entries(AFD_LAYOUTS).map(([layout, records]) => [
    layout,
    Object.fromEntries(Object.values(records).map((r) => [r.key, r.length])),
  ]),
) as Record<AfdLayout, Partial<Record<number, number>>>;

/** The record of `layout` with key `key`; callers only ask for keys the layout has. */
export function recordLayout(layout: AfdLayout, key: AfdRecordKey): AfdRecordLayout {
  return AFD_LAYOUTS[layout][key]!;
}

/** Record types the trailer counts, in trailer order. */
export function trailerCountTypes(layout: AfdLayout): string[] {
  return recordLayout(layout, 9)
    .fields.filter((f) => f.name.startsWith('count'))
    .map((f) => f.name.slice(5));
}

/** The signature line after the trailer (595/671, open point 13). */
export const SIGNATURE_LENGTH = 100;
/** 671 header without its CRC, accepted by LeitorFiscal (spec §6). */
export const HEADER_671_NO_CRC = 298;

export const LAYOUT_NAMES: Record<AfdLayout, string> = {
  '1510': 'Portaria 1510',
  '595': 'Portaria INMETRO 595',
  '671': 'Portaria 671',
};
