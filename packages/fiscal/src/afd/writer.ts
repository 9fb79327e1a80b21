/**
 * AFD writer, Portaria 671 layout `003` (spec §6), for the REPs we operate
 * (REP-P above all; REP-C/REP-A types 3 and 4 are also written so tests and
 * benchmarks can build any 671 file). Field positions and widths come from the
 * layout table the reader uses (layout.ts). KERMIT CRC in upper case (§8.1,
 * open points 1-2), SHA-256 chain on type 7 (§8.2, decision 0011), the literal
 * signature line (open point 13), ISO-8859-1 with CR LF.
 */
import { hash as sha256Hex } from 'node:crypto';
import { crc16Latin1, crcHex } from '../shared/crc16.js';
import { AFD_LAYOUTS, type AfdRecordLayout } from './layout.js';
import { cpfDigits, partyDigits, type Employer, type PartyId } from '../shared/employer.js';
import {
  alpha,
  checkDate,
  CRLF,
  digitsOnly,
  dh671,
  FiscalInputError,
  latin1Bytes,
  num,
  type LocalDateTime,
} from '../shared/text.js';

export type RepKind = 'REP_C' | 'REP_A' | 'REP_P';

export const SIGNATURE_LINE = alpha('ASSINATURA_DIGITAL_EM_ARQUIVO_P7S', 100);

/** Type 2: employer set or changed in the REP. */
export interface Afd671EmployerChange {
  type: 2;
  recordedAt: LocalDateTime;
  responsibleCpf: string;
  employer: Employer;
  workplace: string;
}

/** Type 3: punch on a REP-C or REP-A. */
export interface Afd671Punch {
  type: 3;
  dateTime: LocalDateTime;
  cpf: string;
}

/** Type 4: REP clock adjusted. */
export interface Afd671ClockAdjustment {
  type: 4;
  before: LocalDateTime;
  after: LocalDateTime;
  responsibleCpf: string;
}

/** Type 5: employee added (I), changed (A) or removed (E) in the REP. */
export interface Afd671EmployeeChange {
  type: 5;
  recordedAt: LocalDateTime;
  operation: 'I' | 'A' | 'E';
  cpf: string;
  name: string;
  /** "Demais dados de identificação" (4, opaque); blank by default. */
  otherData?: string | null;
  responsibleCpf: string;
}

/** Type 6 event codes (spec §6): 02 power back, 07/08 service (un)available on REP-P; 01-06 REP-C. */
export type Afd671EventCode = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08';

export interface Afd671Event {
  type: 6;
  recordedAt: LocalDateTime;
  event: Afd671EventCode;
}

/** Type 7: REP-P punch. */
export interface Afd671RepPPunch {
  type: 7;
  dateTime: LocalDateTime;
  cpf: string;
  /** When the record was written; later than the punch for off-line punches. */
  recordedAt: LocalDateTime;
  /** 1 mobile app, 2 browser, 3 desktop app, 4 electronic device, 5 other device. */
  collector: 1 | 2 | 3 | 4 | 5;
  offline: boolean;
}

export type Afd671Entry =
  Afd671EmployerChange | Afd671Punch | Afd671ClockAdjustment | Afd671EmployeeChange | Afd671Event | Afd671RepPPunch;

export interface Afd671Input {
  repKind: RepKind;
  employer: Employer;
  /** REP-C serial, REP-A agreement number (`99999999999999999` if none) or REP-P INPI number; digits are kept (open point 11). */
  repIdentifier: string;
  /** Maker (REP-C) or developer (REP-A/REP-P). */
  developer: PartyId;
  /** REP-C only. */
  model?: string | null;
  firstDate: string;
  lastDate: string;
  generatedAt: LocalDateTime;
  /** NSR of the first entry (default 1): a split REP-A/REP-P AFD continues the sequence. */
  firstNsr?: number;
  /** Hash of the last type 7 of the previous file when the AFD is split (§8.2). */
  previousHash?: string | null;
  entries: Iterable<Afd671Entry>;
}

export interface Afd671Output {
  bytes: Buffer;
  fileName: string;
  lastNsr: number;
  lastHash: string | null;
  counts: Record<'2' | '3' | '4' | '5' | '6' | '7', number>;
}

type FieldValue = string | number | null | undefined;

/**
 * The fields of `r` in layout order, padded by the layout table (layout.ts):
 * N right-aligned with zeros (spaces when absent), A left-aligned with spaces;
 * D/DH arrive formatted. Stops before the CRC, or before `upTo`.
 */
function formatFields(r: AfdRecordLayout, values: Readonly<Record<string, FieldValue>>, upTo?: string): string {
  let out = '';
  for (const f of r.fields) {
    if (f.name === upTo || f.type === 'CRC') break;
    const v = f.name === 'type' ? String(r.key) : values[f.name];
    if (f.type === 'A') out += alpha(v == null ? null : String(v), f.length);
    else if (f.type === 'N') out += num(v, f.length, f.label);
    else if (typeof v === 'string' && v.length === f.length) out += v;
    // Dates are formatted by dh671/checkDate above; a wrong width here is a bug, not bad input.
    else throw new Error(`AFD 671: campo ${f.name} com largura diferente de ${f.length}`);
  }
  return out;
}

/** One record: its fields and, for types 1-5, the KERMIT CRC in upper case (§8.1). */
function formatRecord(r: AfdRecordLayout, values: Readonly<Record<string, FieldValue>>): string {
  const body = formatFields(r, values);
  return r.crc ? body + crcHex(crc16Latin1('KERMIT', body)) : body;
}

const L = AFD_LAYOUTS['671'];

/** `0` + CPF in the 12-character employee field (spec §6 type 3/5/7, §7). */
function employeeField(cpf: string, what: string): string {
  return `0${cpfDigits(cpf, what)}`;
}

/**
 * Line-by-line builder: `header()`, `entry()` per record, then `trailer()`.
 * Lets a caller stream a large AFD; `writeAfd671` uses it for whole files.
 */
export class Afd671LineWriter {
  private nsr: number;
  private hash: string | null;
  readonly counts: Record<'2' | '3' | '4' | '5' | '6' | '7', number> = {
    '2': 0,
    '3': 0,
    '4': 0,
    '5': 0,
    '6': 0,
    '7': 0,
  };

  constructor(private readonly input: Omit<Afd671Input, 'entries'>) {
    const first = input.firstNsr ?? 1;
    if (!Number.isInteger(first) || first < 1) throw new FiscalInputError([`NSR inicial inválido: ${first}`]);
    this.nsr = first - 1;
    this.hash = input.previousHash ?? null;
  }

  get lastNsr(): number {
    return this.nsr;
  }

  get lastHash(): string | null {
    return this.hash;
  }

  header(): string {
    const i = this.input;
    return formatRecord(L[1]!, {
      zeros: 0,
      employerIdKind: i.employer.idKind,
      employerId: partyDigits(i.employer, 'Empregador'),
      employerCei: i.employer.ceiOrCno ? digitsOnly(i.employer.ceiOrCno) : null,
      employerName: i.employer.name,
      repIdentifier: digitsOnly(i.repIdentifier),
      firstDate: checkDate(i.firstDate, 'Data inicial'),
      lastDate: checkDate(i.lastDate, 'Data final'),
      generatedAt: dh671(i.generatedAt, 'Data/hora de geração'),
      layoutVersion: '003',
      developerIdKind: i.developer.idKind,
      developerId: partyDigits(i.developer, 'Fabricante/desenvolvedor'),
      model: i.repKind === 'REP_C' ? i.model : null,
    });
  }

  entry(e: Afd671Entry): string {
    const kind = this.input.repKind;
    if (e.type === 7 && kind !== 'REP_P') throw new FiscalInputError(['Registro tipo 7 só existe no AFD do REP-P']);
    if (e.type === 3 && kind === 'REP_P')
      throw new FiscalInputError(['O REP-P grava marcações no registro tipo 7, não no tipo 3']);
    const line = e.type === 7 ? this.repPPunch(e) : formatRecord(L[e.type]!, { nsr: this.nsr + 1, ...entryFields(e) });
    this.nsr++;
    this.counts[String(e.type) as keyof typeof this.counts]++;
    return line;
  }

  /** Type 7: fields 1-7, then the chain hash (§8.2, decision 0011). */
  private repPPunch(e: Afd671RepPPunch): string {
    if (![1, 2, 3, 4, 5].includes(e.collector)) throw new FiscalInputError([`Coletor inválido "${e.collector}"`]);
    const body = formatFields(
      L[7]!,
      {
        nsr: this.nsr + 1,
        punchAt: dh671(e.dateTime, 'Marcação'),
        employee: employeeField(e.cpf, 'CPF do empregado'),
        recordedAt: dh671(e.recordedAt, 'Registro da marcação'),
        collector: e.collector,
        offline: e.offline ? 1 : 0,
      },
      'hash',
    );
    // sha256(bytes 1-73 + previous hash in lower-case hex); nothing for the first one.
    this.hash = sha256Hex('sha256', Buffer.from(this.hash === null ? body : body + this.hash, 'latin1'), 'hex');
    return body + this.hash;
  }

  trailer(): string {
    const c = this.counts;
    return formatRecord(L[9]!, {
      nines: '999999999',
      count2: c['2'],
      count3: c['3'],
      count4: c['4'],
      count5: c['5'],
      count6: c['6'],
      count7: c['7'],
    });
  }

  signature(): string {
    return SIGNATURE_LINE;
  }
}

/** File name (spec §6): `AFD` + REP-C serial + CNPJ/CPF + `REP_C`, `AFD` + CNPJ/CPF + `REP_A`, `AFD` + INPI + CNPJ/CPF + `REP_P`; `.txt`. */
export function afd671FileName(repKind: RepKind, repIdentifier: string, employer: PartyId): string {
  const id = partyDigits(employer, 'Empregador');
  const rep = num(digitsOnly(repIdentifier), 17, 'Número do REP');
  return repKind === 'REP_A' ? `AFD${id}REP_A.txt` : `AFD${rep}${id}${repKind}.txt`;
}

export function writeAfd671(input: Afd671Input): Afd671Output {
  const w = new Afd671LineWriter(input);
  const lines: string[] = [w.header()];
  for (const e of input.entries) lines.push(w.entry(e));
  lines.push(w.trailer(), w.signature());
  return {
    bytes: latin1Bytes(lines.join(CRLF) + CRLF),
    fileName: afd671FileName(input.repKind, input.repIdentifier, input.employer),
    lastNsr: w.lastNsr,
    lastHash: w.lastHash,
    counts: { ...w.counts },
  };
}

/** Field values of types 2-6 (type 7 chains a hash, see `repPPunch`). */
function entryFields(e: Exclude<Afd671Entry, Afd671RepPPunch>): Record<string, FieldValue> {
  switch (e.type) {
    case 2:
      return {
        recordedAt: dh671(e.recordedAt, 'Registro 2'),
        responsibleCpf: cpfDigits(e.responsibleCpf, 'CPF do responsável'),
        employerIdKind: e.employer.idKind,
        employerId: partyDigits(e.employer, 'Empregador'),
        employerCei: e.employer.ceiOrCno ? digitsOnly(e.employer.ceiOrCno) : null,
        employerName: e.employer.name,
        workplace: e.workplace,
      };
    case 3:
      return { punchAt: dh671(e.dateTime, 'Marcação'), employee: employeeField(e.cpf, 'CPF do empregado') };
    case 4:
      return {
        before: dh671(e.before, 'Antes do ajuste'),
        after: dh671(e.after, 'Depois do ajuste'),
        responsibleCpf: cpfDigits(e.responsibleCpf, 'CPF do responsável'),
      };
    case 5:
      if (!['I', 'A', 'E'].includes(e.operation)) throw new FiscalInputError([`Operação inválida "${e.operation}"`]);
      return {
        recordedAt: dh671(e.recordedAt, 'Registro 5'),
        operation: e.operation,
        employee: employeeField(e.cpf, 'CPF do empregado'),
        name: e.name,
        otherData: e.otherData,
        responsibleCpf: cpfDigits(e.responsibleCpf, 'CPF do responsável'),
      };
    case 6:
      if (!/^0[1-8]$/.test(e.event)) throw new FiscalInputError([`Evento inválido "${e.event}"`]);
      return { recordedAt: dh671(e.recordedAt, 'Evento'), event: e.event };
  }
}
