import type { IdentifierForm } from '../shared/ids.js';
import type { CrcVariant } from '../shared/crc16.js';

/** AFD layouts found in the field (spec §1, §3). */
export type AfdLayout = '1510' | '595' | '671';

export type IssueSeverity = 'error' | 'warning';

export type AfdIssueCode =
  | 'CRC_MISMATCH'
  | 'HASH_MISMATCH'
  | 'NSR_GAP'
  | 'NSR_DUPLICATE'
  | 'NSR_ORDER'
  | 'LINE_LENGTH'
  | 'ENCODING'
  | 'TRAILER_COUNT'
  | 'UNKNOWN_RECORD'
  | 'INVALID_DATE'
  | 'INVALID_ID'
  | 'MISSING_HEADER'
  | 'MISSING_TRAILER'
  | 'NOT_AFD';

export interface AfdIssue {
  /** 1-based line number; file-level findings carry line 1. */
  line: number;
  severity: IssueSeverity;
  code: AfdIssueCode;
  mensagem: string;
}

/** A date-time as written by the REP. The offset is kept, never applied. */
export interface AfdDateTime {
  /** `YYYY-MM-DDTHH:MM`, wall-clock time as written. */
  local: string;
  /** `-0300` in the 671 layout; null in 1510/595, whose times carry no offset. */
  offset: string | null;
}

interface RecordBase {
  line: number;
  /**
   * The line as read (ISO-8859-1), present only when a field of it could not be
   * read (an INVALID_DATE error): the field is null and nothing of the line is lost.
   */
  raw?: string;
}

export interface AfdHeader extends RecordBase {
  type: 1;
  employerIdKind: string;
  employerId: string;
  /** CEI (1510/595) or CNO/CAEPF (671); null when blank or zeros. */
  employerCeiOrCno: string | null;
  employerName: string;
  /** REP serial, REP-A agreement number or REP-P INPI number (17). */
  repIdentifier: string;
  firstDate: string | null;
  lastDate: string | null;
  generatedAt: AfdDateTime | null;
  /** 671 only. */
  layoutVersion: string | null;
  developerIdKind: string | null;
  developerId: string | null;
  model: string | null;
}

export interface AfdEmployerRecord extends RecordBase {
  type: 2;
  nsr: number;
  recordedAt: AfdDateTime | null;
  /** CPF of the person who made the change (595/671). */
  responsibleCpf: string | null;
  employerIdKind: string;
  employerId: string;
  employerCeiOrCno: string | null;
  employerName: string;
  workplace: string;
}

export interface AfdEmployeeId {
  /** The 12 characters as written. */
  rawId: string;
  cpf: string | null;
  pis: string | null;
  idForm: IdentifierForm | null;
}

export interface AfdPunch extends RecordBase, AfdEmployeeId {
  type: 3;
  nsr: number;
  /** Null when the date or time is not a real calendar value (an INVALID_DATE error was reported). */
  dateTime: AfdDateTime | null;
}

export interface AfdClockAdjustment extends RecordBase {
  type: 4;
  nsr: number;
  before: AfdDateTime | null;
  after: AfdDateTime | null;
  responsibleCpf: string | null;
}

export interface AfdEmployeeRecord extends RecordBase, AfdEmployeeId {
  type: 5;
  nsr: number;
  recordedAt: AfdDateTime | null;
  /** `I` added, `A` changed, `E` removed. */
  operation: string;
  name: string;
  /** 595/671 "demais dados de identificação" (opaque, vendor-specific). */
  otherData: string | null;
  responsibleCpf: string | null;
}

export interface AfdEventRecord extends RecordBase {
  type: 6;
  nsr: number;
  recordedAt: AfdDateTime | null;
  /** Two-digit event code (`01`…`08`, spec §6 type 6). */
  event: string;
}

export interface AfdRepPPunch extends RecordBase, AfdEmployeeId {
  type: 7;
  nsr: number;
  dateTime: AfdDateTime | null;
  recordedAt: AfdDateTime | null;
  /** `01` mobile app … `05` other device. */
  collector: string;
  offline: boolean;
  hash: string;
}

export interface AfdTrailer extends RecordBase {
  type: 9;
  /** Counts declared by the trailer, keyed by record type. */
  declared: Partial<Record<'2' | '3' | '4' | '5' | '6' | '7', number>>;
}

export interface AfdSignatureLine extends RecordBase {
  type: 'signature';
  text: string;
}

/**
 * A line that could not be read as a record (unknown type, wrong length,
 * non-numeric NSR, second header or trailer): kept with its text and the code
 * of the error that explains it, so nothing in a file disappears silently.
 */
export interface AfdUnreadableLine extends RecordBase {
  type: 'unreadable';
  text: string;
  code: AfdIssueCode;
}

export type AfdRecord =
  | AfdHeader
  | AfdEmployerRecord
  | AfdPunch
  | AfdClockAdjustment
  | AfdEmployeeRecord
  | AfdEventRecord
  | AfdRepPPunch
  | AfdTrailer
  | AfdSignatureLine
  | AfdUnreadableLine;

/** What stood for the first type 7's missing predecessor in its SHA-256 input (§8.2, open point 3). */
export type HashPredecessor = 'none' | 'blanks';
export type HashCase = 'lower' | 'upper';

/** How the type 7 SHA-256 chain of a file reads (decision 0011). */
export interface AfdHashChain {
  /** Type 7 records checked, and those whose hash matched under some reading. */
  records: number;
  verified: number;
  /** First record: nothing appended (`none`) or 64 spaces (`blanks`); null when it did not verify. */
  firstPredecessor: HashPredecessor | null;
  /** Hex case of the verified hashes, which is also the case of the previous hash inside each input; null when none verified. */
  hexCase: HashCase | null;
  /** Verified hashes in both cases (a file should use one). */
  mixedCase: boolean;
}

export interface AfdSummary {
  layout: AfdLayout | null;
  /** Lines of each record type ("1"…"7", "9"), whatever their field findings. The signature line is not counted. */
  counts: Record<string, number>;
  /** The CRC-16 variant most lines matched; null when no CRC matched or the layout has none. */
  crcVariant: CrcVariant | null;
  /** Lines that matched each variant (§8.1: record which one matched, per file). */
  crcMatches: Record<CrcVariant, number>;
  /** Lines of this file match different variants (§8.1 asks to flag it; not an issue, since any match is fine). */
  crcMixed: boolean;
  /** REP-A/REP-P file whose CRC is not the KERMIT the gov.br layout requires (§8.1 conformity note). */
  crcNonConforming: boolean;
  lines: number;
  bytes: number;
  header: AfdHeader | null;
  trailer: AfdTrailer | null;
  hasSignatureLine: boolean;
  /** Type 7 chain readings; null when the file has no type 7. */
  hashChain: AfdHashChain | null;
  /** True when the reader stopped because the content is not an AFD. */
  notAfd: boolean;
}

export interface AfdParseResult extends AfdSummary {
  records: AfdRecord[];
  /** Sorted by line. */
  issues: AfdIssue[];
}
