/**
 * Streaming AFD reader for the three layouts (spec §3-§6, checklist §12).
 *
 * Bytes are sliced by fixed position as ISO-8859-1 (one byte = one character).
 * The reader never throws on content: every problem becomes an issue with a
 * line number, and the records around a bad line are kept. Memory does not
 * grow with the file except for the NSR interval set (one entry per gap).
 */
import { hash as sha256Hex } from 'node:crypto';
import { crc16, parseCrcField, CRC_VARIANTS, type CrcVariant } from '../shared/crc16.js';
import { decodeEmployeeField, type DecodedIdentifier } from '../shared/ids.js';
import { isRealDate } from '../shared/text.js';
import { NsrSet } from './nsr-set.js';
import type {
  AfdDateTime,
  AfdEmployeeId,
  AfdHeader,
  AfdIssue,
  AfdIssueCode,
  AfdLayout,
  AfdParseResult,
  AfdRecord,
  AfdSummary,
  AfdTrailer,
  IssueSeverity,
} from './types.js';

/** Record lengths per layout (spec §3 table). Key 9 is the trailer. */
export const AFD_LENGTHS: Readonly<Record<AfdLayout, Readonly<Partial<Record<number, number>>>>> = {
  '1510': { 1: 232, 2: 299, 3: 34, 4: 34, 5: 87, 9: 46 },
  '595': { 1: 236, 2: 317, 3: 38, 4: 49, 5: 106, 6: 24, 9: 55 },
  '671': { 1: 302, 2: 331, 3: 50, 4: 73, 5: 118, 6: 36, 7: 137, 9: 64 },
};

const SIGNATURE_LENGTH = 100;
/** 671 header without its CRC, accepted by LeitorFiscal (spec §6). */
const HEADER_671_NO_CRC = 298;
/** Lines read before deciding the content is not an AFD at all. */
const MAX_PREAMBLE_LINES = 20;
/** Distinct identifiers remembered while reading (bounded so memory stays flat). */
const ID_CACHE_LIMIT = 100_000;

const LAYOUT_NAMES: Record<AfdLayout, string> = {
  '1510': 'Portaria 1510',
  '595': 'Portaria INMETRO 595',
  '671': 'Portaria 671',
};

/** CRC on types 1-5 in 595 and 671 (spec §8.1); 1510 has none. */
function hasCrc(layout: AfdLayout, type: number): boolean {
  return layout !== '1510' && type >= 1 && type <= 5;
}

export interface AfdReadHandlers {
  onRecord?: (record: AfdRecord) => void;
  onIssue?: (issue: AfdIssue) => void;
}

export interface AfdReadOptions {
  /** The uploaded file name; a `REP_A`/`REP_P` name makes a non-KERMIT CRC a conformity warning (§8.1). */
  fileName?: string;
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

function hasHighBytes(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if ((buf[i] as number) > 127) return true;
  return false;
}

/** The line re-encoded as ISO-8859-1 when its bytes are valid UTF-8 with multi-byte sequences; otherwise null. */
function transcodeUtf8(buf: Uint8Array, start: number, end: number): Buffer | null {
  if (!hasHighBytes(buf, start, end)) return null;
  let text: string;
  try {
    text = utf8Decoder.decode(buf.subarray(start, end));
  } catch {
    return null;
  }
  // Characters beyond Latin-1 cannot come from the REP's own bytes: mark them.
  return Buffer.from(text.replace(/[\u0100-\u{10ffff}]/gu, '?'), 'latin1');
}

function digits(s: string, from: number, n: number): number {
  let v = 0;
  for (let i = from; i < from + n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Digits that some devices pad on the left with spaces instead of zeros (spec §2). */
function paddedDigits(s: string, from: number, n: number): number {
  let i = from;
  while (i < from + n - 1 && s.charCodeAt(i) === 32) i++;
  return digits(s, i, from + n - i);
}

/** Numeric field that may be zero- or space-padded on the left (spec §2). Null when blank or all zeros. */
function optionalNumber(s: string): string | null {
  const t = s.trim();
  return t === '' || /^0+$/.test(t) ? null : t;
}

function cpfFrom14(s: string): string | null {
  const v = optionalNumber(s);
  return v !== null && v.length > 11 && /^0+$/.test(v.slice(0, v.length - 11)) ? v.slice(-11) : v;
}

function isAllChar(buf: Uint8Array, start: number, end: number, ch: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] !== ch) return false;
  return true;
}

type DateResult = { ok: true; value: AfdDateTime; seconds: number } | { ok: false };
const BAD_DATE: DateResult = { ok: false };

/** 671 DH `AAAA-MM-ddThh:mm:ss±hhmm` at index i. */
function parseDh(s: string, i: number): DateResult {
  const y = digits(s, i, 4);
  const mo = digits(s, i + 5, 2);
  const d = digits(s, i + 8, 2);
  const h = digits(s, i + 11, 2);
  const mi = digits(s, i + 14, 2);
  const se = digits(s, i + 17, 2);
  const sign = s.charCodeAt(i + 19);
  const oh = digits(s, i + 20, 2);
  const om = digits(s, i + 22, 2);
  if (
    s.charCodeAt(i + 4) !== 45 ||
    s.charCodeAt(i + 7) !== 45 ||
    s.charCodeAt(i + 10) !== 84 ||
    s.charCodeAt(i + 13) !== 58 ||
    s.charCodeAt(i + 16) !== 58 ||
    (sign !== 43 && sign !== 45) ||
    y < 0 ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    se < 0 ||
    se > 59 ||
    oh < 0 ||
    oh > 14 ||
    om < 0 ||
    om > 59 ||
    !isRealDate(y, mo, d)
  ) {
    return BAD_DATE;
  }
  return { ok: true, value: { local: s.slice(i, i + 16), offset: s.slice(i + 19, i + 24) }, seconds: se };
}

/** 1510/595 `ddmmaaaa` at i and `hhmm` at j (no offset). */
function parseDmyHm(s: string, i: number, j: number): DateResult {
  const d = digits(s, i, 2);
  const mo = digits(s, i + 2, 2);
  const y = digits(s, i + 4, 4);
  const h = digits(s, j, 2);
  const mi = digits(s, j + 2, 2);
  if (y < 0 || h < 0 || h > 23 || mi < 0 || mi > 59 || !isRealDate(y, mo, d)) return BAD_DATE;
  const date = `${s.slice(i + 4, i + 8)}-${s.slice(i + 2, i + 4)}-${s.slice(i, i + 2)}`;
  return {
    ok: true,
    value: { local: `${date}T${s.slice(j, j + 2)}:${s.slice(j + 2, j + 4)}`, offset: null },
    seconds: 0,
  };
}

/** Date only: `ddmmaaaa` (1510/595) or `AAAA-MM-dd` (671). */
function parseDateOnly(s: string, i: number, layout: AfdLayout): string | null {
  if (layout === '671') {
    const y = digits(s, i, 4);
    const mo = digits(s, i + 5, 2);
    const d = digits(s, i + 8, 2);
    if (s.charCodeAt(i + 4) !== 45 || s.charCodeAt(i + 7) !== 45 || y < 0 || !isRealDate(y, mo, d)) return null;
    return s.slice(i, i + 10);
  }
  const d = digits(s, i, 2);
  const mo = digits(s, i + 2, 2);
  const y = digits(s, i + 4, 4);
  if (y < 0 || !isRealDate(y, mo, d)) return null;
  return `${s.slice(i + 4, i + 8)}-${s.slice(i + 2, i + 4)}-${s.slice(i, i + 2)}`;
}

/** What a line that is not an AFD record looks like, for the NOT_AFD message. */
function sniffForeign(buf: Uint8Array, start: number, end: number): string | null {
  const head = Buffer.from(buf.subarray(start, Math.min(end, start + 8))).toString('latin1');
  if (head.startsWith('%PDF')) return 'um PDF';
  if (head.startsWith('PK\u0003\u0004')) return 'um arquivo compactado (ZIP, XLSX ou DOCX)';
  if (/^\d\d\|/.test(head))
    return head.startsWith('01|')
      ? 'um AEJ (Arquivo Eletrônico de Jornada, Portaria 671)'
      : 'um arquivo separado por "|" (AEJ?)';
  for (let i = start; i < Math.min(end, start + 512); i++) if (buf[i] === 0) return 'um arquivo binário ou em UTF-16';
  const first = head.trimStart()[0];
  if (first === '{' || first === '[') return 'um documento JSON';
  if (first === '<') return 'um documento XML/HTML';
  return null;
}

interface LineRef {
  buf: Uint8Array;
  start: number;
  end: number;
}

/**
 * Push parser: feed chunks with `push`, then call `end`. Records and issues
 * go to the handlers synchronously, in file order (file-level issues at the end).
 */
export class AfdStreamParser {
  private readonly onRecord: (record: AfdRecord) => void;
  private readonly onIssue: (issue: AfdIssue) => void;
  private readonly fileName: string;

  private lineNo = 0;
  private bytes = 0;
  private carry: Buffer | null = null;
  private started = false;
  private layout: AfdLayout | null = null;
  private notAfd = false;
  private preamble: { line: number; data: Buffer }[] = [];
  private afdtHeaderLine = 0;

  private counts: Record<string, number> = {};
  private header: AfdHeader | null = null;
  private trailer: AfdTrailer | null = null;
  private hasSignature = false;
  private sawRecord = false;

  private lastNsr = -1;
  private readonly nsrSet = new NsrSet();

  private readonly crcMatches: Record<CrcVariant, number> = { KERMIT: 0, MODBUS: 0, 'CCITT-FALSE': 0 };
  private crcPreferred: CrcVariant | null = null;
  private crcChecked = 0;
  private crcMixedLine = 0;

  private previousHash: string | null = null;
  private readonly hashInput = Buffer.alloc(73 + 64);
  private sawType7 = false;

  private readonly idCache = new Map<string, DecodedIdentifier>();

  private utf8Lines = 0;
  private firstUtf8Line = 0;

  constructor(handlers: AfdReadHandlers = {}, options: AfdReadOptions = {}) {
    this.onRecord = handlers.onRecord ?? (() => {});
    this.onIssue = handlers.onIssue ?? (() => {});
    this.fileName = options.fileName ?? '';
  }

  push(chunk: Uint8Array): void {
    if (this.notAfd || chunk.length === 0) return;
    this.bytes += chunk.length;
    let buf = chunk;
    if (!this.started) {
      this.started = true;
      // A UTF-8 byte-order mark means an editor re-saved the file (§12.1).
      if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        this.issue(
          1,
          'warning',
          'ENCODING',
          'O arquivo começa com a marca BOM do UTF-8: foi salvo por um editor de texto, não como o REP o gerou. A marca foi ignorada.',
        );
        buf = buf.subarray(3);
      }
    }
    let pos = 0;
    const b = Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (this.carry) {
      const nl = b.indexOf(10);
      if (nl < 0) {
        this.carry = Buffer.concat([this.carry, b]);
        return;
      }
      const joined = Buffer.concat([this.carry, b.subarray(0, nl)]);
      this.carry = null;
      this.line(joined, 0, joined.length);
      pos = nl + 1;
    }
    for (;;) {
      if (this.notAfd) return;
      const nl = b.indexOf(10, pos);
      if (nl < 0) break;
      this.line(b, pos, nl);
      pos = nl + 1;
    }
    // Copy the partial line: the caller may reuse its chunk buffer.
    if (pos < b.length) this.carry = Buffer.from(b.subarray(pos));
  }

  end(): AfdSummary {
    if (this.carry && !this.notAfd) {
      const c = this.carry;
      this.carry = null;
      this.line(c, 0, c.length); // no newline after the last line (spec §2)
    }
    if (!this.notAfd && this.layout === null) {
      if (this.afdtHeaderLine) this.foreign('um AFDT ou ACJEF (Portaria 1510)');
      else this.foreign(this.preamble.length === 0 ? 'vazio' : null);
    }
    if (!this.notAfd) this.finish();
    return {
      layout: this.notAfd ? null : this.layout,
      counts: { ...this.counts },
      crcVariant: this.bestCrcVariant(),
      crcMatches: { ...this.crcMatches },
      crcMixed: this.crcMixedLine > 0,
      crcNonConforming: this.crcNonConforming(),
      lines: this.lineNo,
      bytes: this.bytes,
      header: this.header,
      trailer: this.trailer,
      hasSignatureLine: this.hasSignature,
      notAfd: this.notAfd,
    };
  }

  // ---- line dispatch -------------------------------------------------------

  private line(buf: Uint8Array, start: number, end: number): void {
    const lineNo = ++this.lineNo;
    if (end > start && buf[end - 1] === 13) end--;
    if (end === start) {
      this.issue(lineNo, 'warning', 'LINE_LENGTH', 'Linha em branco ignorada (o leiaute não admite linhas vazias).');
      return;
    }
    if (this.layout === null) {
      this.beforeLayout(lineNo, buf, start, end);
      return;
    }
    this.record(lineNo, { buf, start, end });
  }

  /** Lines before the layout is known: find the layout, or decide that this is not an AFD (§3). */
  private beforeLayout(lineNo: number, buf: Uint8Array, start: number, end: number): void {
    if (this.preamble.length === 0 && !this.afdtHeaderLine) {
      const foreign = sniffForeign(buf, start, end);
      if (foreign) return this.foreign(foreign);
      // AFDT and ACJEF share a 215-byte header whose sequence is 000000001 (spec §9, §10).
      const len = end - start;
      if (len === 215 && Buffer.from(buf.subarray(start, start + 10)).toString('latin1') === '0000000011') {
        this.afdtHeaderLine = lineNo;
        return;
      }
    } else if (this.afdtHeaderLine) {
      const len = end - start;
      const type = buf[start + 9];
      if (type === 50 && len === 155) return this.foreign('um AFDT (Arquivo Fonte de Dados Tratados, Portaria 1510)');
      if ((type === 50 && len >= 30 && (len - 30) % 8 === 0) || (type === 51 && len === 91)) {
        return this.foreign('um ACJEF (Arquivo de Controle de Jornada, Portaria 1510)');
      }
      return this.foreign('um AFDT ou ACJEF (Portaria 1510)');
    }
    const detected = detectLayout(buf, start, end);
    if (!detected) {
      this.preamble.push({ line: lineNo, data: Buffer.from(buf.subarray(start, end)) });
      if (this.preamble.length >= MAX_PREAMBLE_LINES) this.foreign(null);
      return;
    }
    this.layout = detected;
    const pending = this.preamble;
    this.preamble = [];
    for (const p of pending) this.record(p.line, { buf: p.data, start: 0, end: p.data.length });
    this.record(lineNo, { buf, start, end });
  }

  private foreign(looksLike: string | null): void {
    this.notAfd = true;
    this.carry = null;
    this.preamble = [];
    const mensagem =
      looksLike === 'vazio'
        ? 'O arquivo está vazio: não é um AFD.'
        : looksLike
          ? `O arquivo não é um AFD: parece ser ${looksLike}. Envie o AFD gerado pelo REP.`
          : 'O arquivo não é um AFD: nenhuma linha corresponde a um registro dos leiautes das Portarias 1510, INMETRO 595 ou 671.';
    this.issue(1, 'error', 'NOT_AFD', mensagem);
  }

  private record(lineNo: number, ref: LineRef): void {
    const layout = this.layout as AfdLayout;
    let { buf, start, end } = ref;
    let len = end - start;
    const isTrailer = len >= 9 && isAllChar(buf, start, start + 9, 57);
    if (this.trailer && !isTrailer && len === SIGNATURE_LENGTH && !this.hasSignature) {
      this.hasSignature = true;
      // Opaque by design (open point 13): the literal, zeros, or vendor text.
      this.emit({ type: 'signature', line: lineNo, text: Buffer.from(buf.subarray(start, end)).toString('latin1') });
      return;
    }
    const typeByte = isTrailer ? 57 : len >= 10 ? (buf[start + 9] as number) : 0;
    const type = typeByte - 48;
    const expected = AFD_LENGTHS[layout][type];
    if (expected === undefined) {
      const what =
        len < 10
          ? 'linha curta demais para ser um registro'
          : `tipo de registro "${String.fromCharCode(typeByte)}" desconhecido`;
      this.issue(lineNo, 'error', 'UNKNOWN_RECORD', `${what} no leiaute ${LAYOUT_NAMES[layout]}; linha ignorada.`);
      return;
    }
    // Counted as soon as the type is known, so a line skipped for its length
    // does not also make the trailer count disagree.
    this.counts[String(type)] = (this.counts[String(type)] ?? 0) + 1;
    let headerWithoutCrc = false;
    if (len !== expected) {
      const fixed = this.fixLength(lineNo, layout, type, expected, buf, start, end);
      if (fixed === null) return;
      if (fixed === 'header-no-crc') headerWithoutCrc = true;
      else ({ buf, start, end } = fixed);
      len = end - start;
    }
    if (this.trailer && !isTrailer) {
      this.issue(
        lineNo,
        'error',
        'UNKNOWN_RECORD',
        'Registro depois do trailer (registro tipo 9): o trailer deve ser o último registro antes da assinatura.',
      );
    }
    if (!this.sawRecord) {
      this.sawRecord = true;
      if (type !== 1)
        this.issue(
          1,
          'warning',
          'MISSING_HEADER',
          'O arquivo não tem o registro de cabeçalho (tipo 1); é comum em exportações parciais do REP. Os demais registros foram lidos.',
        );
    }
    if (hasCrc(layout, type) && !headerWithoutCrc) this.checkCrc(lineNo, buf, start, end);
    const s = Buffer.isBuffer(buf)
      ? buf.toString('latin1', start, end)
      : Buffer.from(buf.subarray(start, end)).toString('latin1');
    if (type === 9) return this.trailerRecord(lineNo, s, layout);
    if (type === 1) return this.headerRecord(lineNo, s, layout);
    const nsr = digits(s, 0, 9);
    if (nsr < 0) {
      this.issue(lineNo, 'error', 'UNKNOWN_RECORD', `NSR "${s.slice(0, 9)}" não é numérico; registro ignorado.`);
      return;
    }
    this.checkNsr(lineNo, nsr);
    switch (type) {
      case 2:
        return this.employerRecord(lineNo, s, nsr, layout);
      case 3:
        return this.punchRecord(lineNo, s, nsr, layout);
      case 4:
        return this.clockRecord(lineNo, s, nsr, layout);
      case 5:
        return this.employeeRecord(lineNo, s, nsr, layout);
      case 6:
        return this.eventRecord(lineNo, s, nsr, layout);
      case 7:
        return this.repPPunchRecord(lineNo, s, nsr, buf, start);
    }
  }

  /**
   * A line whose length is not the layout's: a UTF-8 re-save (§12.1), a
   * right-trimmed line without CRC (§12.12), trailing blanks, or the 298-byte
   * 671 header without CRC. Anything else is a LINE_LENGTH error and the line is skipped.
   */
  private fixLength(
    lineNo: number,
    layout: AfdLayout,
    type: number,
    expected: number,
    buf: Uint8Array,
    start: number,
    end: number,
  ): LineRef | 'header-no-crc' | null {
    const len = end - start;
    const transcoded = transcodeUtf8(buf, start, end);
    if (transcoded && transcoded.length === expected) {
      if (this.utf8Lines++ === 0) this.firstUtf8Line = lineNo;
      return { buf: transcoded, start: 0, end: transcoded.length };
    }
    if (layout === '671' && type === 1 && len === HEADER_671_NO_CRC) {
      this.issue(
        lineNo,
        'warning',
        'LINE_LENGTH',
        'Cabeçalho com 298 caracteres, sem o CRC-16: aceito, mas fora do leiaute.',
      );
      return 'header-no-crc';
    }
    if (len < expected && !hasCrc(layout, type) && type !== 9 && len >= 22) {
      const padded = Buffer.alloc(expected, 32);
      padded.set(buf.subarray(start, end));
      this.issue(
        lineNo,
        'warning',
        'LINE_LENGTH',
        `Linha com ${len} caracteres em vez de ${expected} (espaços finais removidos por outro programa); completada com espaços.`,
      );
      return { buf: padded, start: 0, end: expected };
    }
    if (len > expected && isAllChar(buf, start + expected, end, 32)) {
      this.issue(
        lineNo,
        'warning',
        'LINE_LENGTH',
        `Linha com ${len} caracteres em vez de ${expected}; os espaços excedentes foram ignorados.`,
      );
      return { buf, start, end: start + expected };
    }
    const name = type === 9 ? 'trailer' : `registro tipo ${type}`;
    this.issue(
      lineNo,
      'error',
      'LINE_LENGTH',
      `${name} com ${len} caracteres; o leiaute ${LAYOUT_NAMES[layout]} exige ${expected}. Linha ignorada.`,
    );
    return null;
  }

  // ---- integrity checks ----------------------------------------------------

  private checkCrc(lineNo: number, buf: Uint8Array, start: number, end: number): void {
    const written = parseCrcField(buf, end - 4);
    this.crcChecked++;
    const preferred = this.crcPreferred;
    if (preferred && written >= 0 && crc16(preferred, buf, start, end - 4) === written) {
      this.crcMatches[preferred]++;
      return;
    }
    let matched: CrcVariant | null = null;
    if (written >= 0) {
      for (const v of CRC_VARIANTS) {
        if (v !== preferred && crc16(v, buf, start, end - 4) === written) {
          matched = v;
          break;
        }
      }
    }
    if (matched) {
      this.crcMatches[matched]++;
      if (preferred === null) this.crcPreferred = matched;
      else if (!this.crcMixedLine) this.crcMixedLine = lineNo;
      return;
    }
    const field = Buffer.from(buf.subarray(end - 4, end)).toString('latin1');
    this.issue(
      lineNo,
      'warning',
      'CRC_MISMATCH',
      `O CRC-16 "${field}" não confere com o conteúdo da linha (testadas as variantes KERMIT, MODBUS e CCITT-FALSE): a linha pode ter sido alterada depois de gerada.`,
    );
  }

  private checkNsr(lineNo: number, nsr: number): void {
    const last = this.lastNsr;
    if (last >= 0 && nsr !== last + 1) {
      if (nsr > last + 1) {
        const missing = nsr - last - 1;
        this.issue(
          lineNo,
          'warning',
          'NSR_GAP',
          `NSR salta de ${last} para ${nsr} (${missing} ${missing === 1 ? 'registro ausente' : 'registros ausentes'}): o arquivo pode ser uma exportação parcial.`,
        );
      } else if (this.nsrSet.has(nsr)) {
        this.issue(
          lineNo,
          'warning',
          'NSR_DUPLICATE',
          `NSR ${nsr} repetido: o registro já apareceu antes neste arquivo.`,
        );
      } else {
        this.issue(
          lineNo,
          'error',
          'NSR_ORDER',
          `NSR ${nsr} fora de ordem: vem depois do NSR ${last}; o NSR deve ser crescente.`,
        );
      }
    }
    this.nsrSet.add(nsr);
    if (nsr > last) this.lastNsr = nsr;
  }

  /**
   * A REP-A/REP-P file (type 7 present, or a REP_A/REP_P file name) whose CRC is
   * not KERMIT (§8.1). Reported in the summary, not as an issue: the issue
   * rule is that a match on any variant is fine.
   */
  private crcNonConforming(): boolean {
    const best = this.bestCrcVariant();
    return (this.sawType7 || /REP_[AP]/i.test(this.fileName)) && best !== null && best !== 'KERMIT';
  }

  private bestCrcVariant(): CrcVariant | null {
    let best: CrcVariant | null = null;
    for (const v of CRC_VARIANTS)
      if (this.crcMatches[v] > 0 && (best === null || this.crcMatches[v] > this.crcMatches[best])) best = v;
    return best;
  }

  private finish(): void {
    if (!this.trailer) {
      this.issue(
        1,
        'warning',
        'MISSING_TRAILER',
        'O arquivo não tem o trailer (registro tipo 9); é comum em exportações parciais. Os registros lidos foram mantidos.',
      );
    }
    if (this.utf8Lines > 0) {
      this.issue(
        this.firstUtf8Line,
        'error',
        'ENCODING',
        `O arquivo foi salvo em UTF-8, mas o AFD é ISO-8859-1: ${this.utf8Lines} ${this.utf8Lines === 1 ? 'linha com acentos ficou' : 'linhas com acentos ficaram'} mais ${this.utf8Lines === 1 ? 'longa' : 'longas'} (um byte a mais por letra acentuada). As linhas foram convertidas para leitura, mas o arquivo não é o original do REP: envie o arquivo sem abri-lo e salvá-lo em editor de texto.`,
      );
    }
  }

  // ---- records ---------------------------------------------------------------

  private emit(record: AfdRecord): void {
    this.onRecord(record);
  }

  private issue(line: number, severity: IssueSeverity, code: AfdIssueCode, mensagem: string): void {
    this.onIssue({ line, severity, code, mensagem });
  }

  private dateOrIssue(lineNo: number, r: DateResult, what: string, raw: string): AfdDateTime | null {
    if (!r.ok) {
      this.issue(lineNo, 'error', 'INVALID_DATE', `${what} inválida: "${raw}".`);
      return null;
    }
    if (r.seconds !== 0)
      this.issue(lineNo, 'warning', 'INVALID_DATE', `${what} com segundos diferentes de 00: "${raw}".`);
    return r.value;
  }

  private dh(lineNo: number, s: string, i: number, what: string): AfdDateTime | null {
    return this.dateOrIssue(lineNo, parseDh(s, i), what, s.slice(i, i + 24));
  }

  private dmyHm(lineNo: number, s: string, i: number, j: number, what: string): AfdDateTime | null {
    return this.dateOrIssue(lineNo, parseDmyHm(s, i, j), what, `${s.slice(i, i + 8)} ${s.slice(j, j + 4)}`);
  }

  /** Record date-time at position 11 in every layout (DH in 671, date + time in 1510/595). */
  private recordDateTime(lineNo: number, s: string, layout: AfdLayout, what: string): AfdDateTime | null {
    return layout === '671' ? this.dh(lineNo, s, 10, what) : this.dmyHm(lineNo, s, 10, 18, what);
  }

  private employeeId(lineNo: number, raw: string, layout: AfdLayout): AfdEmployeeId {
    // A file has few employees and many punches: decode each identifier once.
    let id = this.idCache.get(raw);
    if (id === undefined) {
      id = decodeEmployeeField(raw, layout === '671' ? 'cpf' : 'pis');
      if (this.idCache.size >= ID_CACHE_LIMIT) this.idCache.clear();
      this.idCache.set(raw, id);
    }
    if (id.form === null) {
      this.issue(
        lineNo,
        'warning',
        'INVALID_ID',
        `Identificador do empregado "${raw}" não é CPF nem PIS válido em nenhuma das formas aceitas (art. 96 §2 da Portaria 671).`,
      );
    }
    return { rawId: raw, cpf: id.cpf, pis: id.pis, idForm: id.form };
  }

  private headerRecord(lineNo: number, s: string, layout: AfdLayout): void {
    if (this.header) {
      this.issue(
        lineNo,
        'error',
        'UNKNOWN_RECORD',
        `Segundo registro de cabeçalho (o primeiro está na linha ${this.header.line}); o arquivo deve ter um só.`,
      );
      return;
    }
    let header: AfdHeader;
    const date = (i: number, what: string) => {
      const d = parseDateOnly(s, i, layout);
      if (d === null)
        this.issue(
          lineNo,
          'error',
          'INVALID_DATE',
          `${what} do cabeçalho inválida: "${s.slice(i, i + (layout === '671' ? 10 : 8))}".`,
        );
      return d;
    };
    if (layout === '671') {
      header = {
        type: 1,
        line: lineNo,
        employerIdKind: s[10] as string,
        employerId: s.slice(11, 25).trim(),
        employerCeiOrCno: optionalNumber(s.slice(25, 39)),
        employerName: s.slice(39, 189).trimEnd(),
        repIdentifier: s.slice(189, 206),
        firstDate: date(206, 'Data inicial'),
        lastDate: date(216, 'Data final'),
        generatedAt: this.dh(lineNo, s, 226, 'Data/hora de geração'),
        layoutVersion: s.slice(250, 253),
        developerIdKind: s[253] as string,
        developerId: s.slice(254, 268).trim(),
        model: s.slice(268, 298).trimEnd() || null,
      };
      if (header.layoutVersion !== '003') {
        // Open point 8: accept any 3-digit version, warn.
        this.issue(
          lineNo,
          'warning',
          'UNKNOWN_RECORD',
          `Versão de leiaute "${header.layoutVersion}" no cabeçalho; a Portaria 671 define "003". O arquivo foi lido como 003.`,
        );
      }
    } else {
      header = {
        type: 1,
        line: lineNo,
        employerIdKind: s[10] as string,
        employerId: s.slice(11, 25).trim(),
        employerCeiOrCno: optionalNumber(s.slice(25, 37)),
        employerName: s.slice(37, 187).trimEnd(),
        repIdentifier: s.slice(187, 204),
        firstDate: date(204, 'Data inicial'),
        lastDate: date(212, 'Data final'),
        generatedAt: this.dmyHm(lineNo, s, 220, 228, 'Data/hora de geração'),
        layoutVersion: null,
        developerIdKind: null,
        developerId: null,
        model: null,
      };
    }
    this.header = header;
    this.emit(header);
  }

  private employerRecord(lineNo: number, s: string, nsr: number, layout: AfdLayout): void {
    // 1510 has no responsible CPF; 595 puts a 14-wide one at 023; 671 at 035 (open point 10).
    const o =
      layout === '1510' ? { cpf: -1, kind: 22 } : layout === '595' ? { cpf: 22, kind: 36 } : { cpf: 34, kind: 48 };
    const ceiLen = layout === '671' ? 14 : 12;
    const k = o.kind;
    this.emit({
      type: 2,
      line: lineNo,
      nsr,
      recordedAt: this.recordDateTime(lineNo, s, layout, 'Data/hora da gravação'),
      // 14 wide for an 11-digit CPF: keep the CPF itself.
      responsibleCpf: o.cpf < 0 ? null : cpfFrom14(s.slice(o.cpf, o.cpf + 14)),
      employerIdKind: s[k] as string,
      employerId: s.slice(k + 1, k + 15).trim(),
      employerCeiOrCno: optionalNumber(s.slice(k + 15, k + 15 + ceiLen)),
      employerName: s.slice(k + 15 + ceiLen, k + 165 + ceiLen).trimEnd(),
      workplace: s.slice(k + 165 + ceiLen, k + 265 + ceiLen).trimEnd(),
    });
  }

  private punchRecord(lineNo: number, s: string, nsr: number, layout: AfdLayout): void {
    const idAt = layout === '671' ? 34 : 22;
    const dateTime = this.recordDateTime(lineNo, s, layout, 'Data/hora da marcação');
    const id = this.employeeId(lineNo, s.slice(idAt, idAt + 12), layout);
    // Built field by field (no spread): this is the hot path of a large file.
    this.emit({ type: 3, line: lineNo, nsr, dateTime, rawId: id.rawId, cpf: id.cpf, pis: id.pis, idForm: id.idForm });
  }

  private clockRecord(lineNo: number, s: string, nsr: number, layout: AfdLayout): void {
    if (layout === '671') {
      this.emit({
        type: 4,
        line: lineNo,
        nsr,
        before: this.dh(lineNo, s, 10, 'Data/hora antes do ajuste'),
        after: this.dh(lineNo, s, 34, 'Data/hora ajustada'),
        responsibleCpf: optionalNumber(s.slice(58, 69)),
      });
      return;
    }
    this.emit({
      type: 4,
      line: lineNo,
      nsr,
      before: this.dmyHm(lineNo, s, 10, 18, 'Data/hora antes do ajuste'),
      after: this.dmyHm(lineNo, s, 22, 30, 'Data/hora ajustada'),
      responsibleCpf: layout === '595' ? optionalNumber(s.slice(34, 45)) : null,
    });
  }

  private employeeRecord(lineNo: number, s: string, nsr: number, layout: AfdLayout): void {
    const op = layout === '671' ? 34 : 22;
    this.emit({
      type: 5,
      line: lineNo,
      nsr,
      recordedAt: this.recordDateTime(lineNo, s, layout, 'Data/hora da gravação'),
      operation: s[op] as string,
      ...this.employeeId(lineNo, s.slice(op + 1, op + 13), layout),
      name: s.slice(op + 13, op + 65).trim(),
      otherData: layout === '1510' ? null : s.slice(op + 65, op + 69),
      responsibleCpf: layout === '1510' ? null : optionalNumber(s.slice(op + 69, op + 80)),
    });
  }

  private eventRecord(lineNo: number, s: string, nsr: number, layout: AfdLayout): void {
    const at = layout === '671' ? 34 : 22;
    this.emit({
      type: 6,
      line: lineNo,
      nsr,
      recordedAt: this.recordDateTime(lineNo, s, layout, 'Data/hora do evento'),
      event: s.slice(at, at + 2),
    });
  }

  private repPPunchRecord(lineNo: number, s: string, nsr: number, buf: Uint8Array, start: number): void {
    this.sawType7 = true;
    const hash = s.slice(73, 137);
    // §8.2 (open point 3): sha256(bytes 1-73 + previous hash as written); nothing for the first.
    // One-shot hash over a reused buffer: ~7x faster than createHash per line.
    const input = this.hashInput;
    input.set(buf.subarray(start, start + 73));
    const n = this.previousHash === null ? 73 : 73 + input.write(this.previousHash, 73, 'latin1');
    const computed = sha256Hex('sha256', input.subarray(0, n), 'hex');
    if (computed !== hash.toLowerCase()) {
      const first = this.previousHash === null;
      this.issue(
        lineNo,
        'warning',
        'HASH_MISMATCH',
        first
          ? 'Encadeamento SHA-256 não verificável no primeiro registro tipo 7: o hash não confere sem registro anterior (o encadeamento pode começar em outro arquivo, ou o REP junta os campos de outro modo).'
          : 'Encadeamento SHA-256 não verificável: o hash do registro tipo 7 não confere com seus campos e o hash do registro tipo 7 anterior.',
      );
    }
    this.previousHash = hash;
    const dateTime = this.dh(lineNo, s, 10, 'Data/hora da marcação');
    const id = this.employeeId(lineNo, s.slice(34, 46), '671');
    this.emit({
      type: 7,
      line: lineNo,
      nsr,
      dateTime,
      rawId: id.rawId,
      cpf: id.cpf,
      pis: id.pis,
      idForm: id.idForm,
      recordedAt: this.dh(lineNo, s, 46, 'Data/hora do registro'),
      collector: s.slice(70, 72),
      offline: s[72] === '1',
      hash,
    });
  }

  private trailerRecord(lineNo: number, s: string, layout: AfdLayout): void {
    if (this.trailer) {
      this.issue(lineNo, 'error', 'UNKNOWN_RECORD', `Segundo trailer (o primeiro está na linha ${this.trailer.line}).`);
      return;
    }
    const types =
      layout === '1510'
        ? ['2', '3', '4', '5']
        : layout === '595'
          ? ['2', '3', '4', '5', '6']
          : ['2', '3', '4', '5', '6', '7'];
    const declared: AfdTrailer['declared'] = {};
    const wrong: string[] = [];
    types.forEach((t, i) => {
      const n = paddedDigits(s, 9 + i * 9, 9);
      declared[t as keyof AfdTrailer['declared']] = n;
      const actual = this.counts[t] ?? 0;
      if (n !== actual)
        wrong.push(`tipo ${t}: trailer ${n < 0 ? `"${s.slice(9 + i * 9, 18 + i * 9)}"` : n}, arquivo ${actual}`);
    });
    this.trailer = { type: 9, line: lineNo, declared };
    if (wrong.length > 0) {
      this.issue(
        lineNo,
        'warning',
        'TRAILER_COUNT',
        `As quantidades do trailer não conferem com os registros do arquivo (${wrong.join('; ')}); é comum em exportações parciais.`,
      );
    }
    this.emit(this.trailer);
  }
}

/** The layout of one line, from its type and length (spec §3), or null. */
export function detectLayout(buf: Uint8Array, start: number, end: number): AfdLayout | null {
  const direct = detectLayoutExact(buf, start, end);
  if (direct) return direct;
  const t = transcodeUtf8(buf, start, end);
  return t ? detectLayoutExact(t, 0, t.length) : null;
}

function detectLayoutExact(buf: Uint8Array, start: number, end: number): AfdLayout | null {
  const len = end - start;
  if (len < 10) return null;
  for (let i = start; i < start + 9; i++) if ((buf[i] as number) < 48 || (buf[i] as number) > 57) return null;
  if (isAllChar(buf, start, start + 9, 57)) {
    return len === 46 ? '1510' : len === 55 ? '595' : len === 64 ? '671' : null;
  }
  const type = (buf[start + 9] as number) - 48;
  if (type === 1) {
    if (!isAllChar(buf, start, start + 9, 48)) return null;
    return len === 232 ? '1510' : len === 236 ? '595' : len === 302 || len === HEADER_671_NO_CRC ? '671' : null;
  }
  // 671 records have a DH at 011 (`T` at byte 21); 1510/595 a ddmmaaaa date.
  const t21 = buf[start + 20];
  for (const layout of ['671', '595', '1510'] as const) {
    if (AFD_LENGTHS[layout][type] === len && (layout === '671') === (t21 === 84)) return layout;
  }
  return null;
}

/** Read a whole AFD held in memory. */
export function parseAfd(content: Uint8Array, options: AfdReadOptions = {}): AfdParseResult {
  const records: AfdRecord[] = [];
  const issues: AfdIssue[] = [];
  const parser = new AfdStreamParser({ onRecord: (r) => records.push(r), onIssue: (i) => issues.push(i) }, options);
  parser.push(content);
  const summary = parser.end();
  return { ...summary, records, issues: sortIssues(issues) };
}

/**
 * Read an AFD from a Node Readable or any async iterable of byte chunks,
 * without holding the file: records and issues go to the handlers as they are read.
 */
export async function readAfd(
  source: AsyncIterable<Uint8Array | string>,
  handlers: AfdReadHandlers,
  options: AfdReadOptions = {},
): Promise<AfdSummary> {
  const parser = new AfdStreamParser(handlers, options);
  for await (const chunk of source) {
    parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
  }
  return parser.end();
}

/** Issues by line; stable, so findings of one line keep their order. */
export function sortIssues(issues: AfdIssue[]): AfdIssue[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => a.issue.line - b.issue.line || a.i - b.i)
    .map((x) => x.issue);
}

export type AfdEvent = { kind: 'record'; record: AfdRecord } | { kind: 'issue'; issue: AfdIssue };

/**
 * The same reader as an async generator (`for await (const e of iterateAfd(stream))`).
 * Events are yielded per input chunk, so memory stays bounded by the chunk
 * size; the generator's return value is the summary. File-level issues come last.
 */
export async function* iterateAfd(
  source: AsyncIterable<Uint8Array | string>,
  options: AfdReadOptions = {},
): AsyncGenerator<AfdEvent, AfdSummary, undefined> {
  let pending: AfdEvent[] = [];
  const parser = new AfdStreamParser(
    {
      onRecord: (record) => pending.push({ kind: 'record', record }),
      onIssue: (issue) => pending.push({ kind: 'issue', issue }),
    },
    options,
  );
  for await (const chunk of source) {
    parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    if (pending.length > 0) {
      const batch = pending;
      pending = [];
      yield* batch;
    }
  }
  const summary = parser.end();
  yield* pending;
  return summary;
}
