/**
 * The streaming AFD parser for the three layouts (spec §3-§6, checklist §12).
 *
 * Bytes are sliced by fixed position as ISO-8859-1 (one byte = one character).
 * The reader never throws on content: every problem becomes an issue with a
 * line number, and the records around a bad line are kept; a line that cannot
 * be read at all is kept as an `unreadable` record. Memory does not grow with
 * the file except for the NSR interval set (one entry per gap).
 *
 * This module splits lines and dispatches them; reader.ts has the entry points,
 * layout.ts the record layouts, detect.ts recognises the content, values.ts reads field values,
 * integrity.ts checks CRC, NSR and the type 7 chain, records.ts decodes records.
 */
import { sniffForeign, detectLayout, transcodeUtf8 } from './detect.js';
import { CrcTracker, HashChain, NsrTracker } from './integrity.js';
import { AFD_LENGTHS, HEADER_671_NO_CRC, LAYOUT_NAMES, recordLayout, SIGNATURE_LENGTH } from './layout.js';
import { RecordDecoder } from './records.js';
import { digits, isAllChar } from './values.js';
import type { AfdIssue, AfdIssueCode, AfdLayout, AfdRecord, AfdSummary, IssueSeverity } from './types.js';

/** Lines read before deciding the content is not an AFD at all. */
const MAX_PREAMBLE_LINES = 20;

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

interface LineRef {
  buf: Uint8Array;
  start: number;
  end: number;
  /** The 298-byte 671 header: read, but it has no CRC to check. */
  withoutCrc?: boolean;
}

function latin1({ buf, start, end }: LineRef): string {
  return Buffer.isBuffer(buf)
    ? buf.toString('latin1', start, end)
    : Buffer.from(buf.subarray(start, end)).toString('latin1');
}

const HASH = recordLayout('671', 7).field.hash!;

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
  private hasSignature = false;
  private sawRecord = false;
  private sawType7 = false;
  /** Created once the layout is known. */
  private decoder: RecordDecoder | null = null;

  private readonly report = (line: number, severity: IssueSeverity, code: AfdIssueCode, mensagem: string): void =>
    this.onIssue({ line, severity, code, mensagem });
  private readonly crc = new CrcTracker(this.report);
  private readonly nsr = new NsrTracker(this.report);
  private readonly chain = new HashChain(this.report);

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
      crcVariant: this.crc.best(),
      crcMatches: { ...this.crc.matches },
      crcMixed: this.crc.mixedLine > 0,
      crcNonConforming: this.crcNonConforming(),
      lines: this.lineNo,
      bytes: this.bytes,
      header: this.decoder?.header ?? null,
      trailer: this.decoder?.trailer ?? null,
      hasSignatureLine: this.hasSignature,
      hashChain: this.chain.summary(),
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
    this.decoder = new RecordDecoder(detected, this.report, this.onRecord);
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
    const { buf, start, end } = ref;
    const len = end - start;
    const isTrailer = len >= 9 && isAllChar(buf, start, start + 9, 57);
    if (this.decoder!.trailer && !isTrailer && len === SIGNATURE_LENGTH && !this.hasSignature) {
      this.hasSignature = true;
      // Opaque by design (open point 13): the literal, zeros, or vendor text.
      this.onRecord({ type: 'signature', line: lineNo, text: latin1(ref) });
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
      return this.unreadable(lineNo, ref, 'UNKNOWN_RECORD');
    }
    // Counted as soon as the type is known, so a line skipped for its length
    // does not also make the trailer count disagree.
    this.counts[String(type)] = (this.counts[String(type)] ?? 0) + 1;
    const fixed = len === expected ? ref : this.fixLength(lineNo, layout, type, expected, ref);
    if (fixed === null) return this.unreadable(lineNo, ref, 'LINE_LENGTH');
    if (!this.sawRecord || this.decoder!.trailer) this.checkPlacement(lineNo, type, isTrailer);
    if (hasCrc(layout, type) && !fixed.withoutCrc) this.crc.check(lineNo, fixed.buf, fixed.start, fixed.end);
    this.decode(lineNo, type, fixed);
  }

  /** Findings about where the record stands: after the trailer, or first without a header. */
  private checkPlacement(lineNo: number, type: number, isTrailer: boolean): void {
    if (this.decoder!.trailer && !isTrailer) {
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
  }

  private decode(lineNo: number, type: number, ref: LineRef): void {
    const decoder = this.decoder!;
    const s = latin1(ref);
    if (type === 9) return decoder.trailerRecord(lineNo, s, this.counts);
    if (type === 1) return decoder.headerRecord(lineNo, s);
    const nsr = digits(s, 0, 9);
    if (nsr < 0) {
      this.issue(lineNo, 'error', 'UNKNOWN_RECORD', `NSR "${s.slice(0, 9)}" não é numérico; registro ignorado.`);
      return this.unreadable(lineNo, ref, 'UNKNOWN_RECORD');
    }
    this.nsr.check(lineNo, nsr);
    if (type === 7) {
      this.sawType7 = true;
      this.chain.check(lineNo, ref.buf, ref.start, s.slice(HASH.start, HASH.start + HASH.length));
    }
    decoder.body(type, lineNo, s, nsr);
  }

  /**
   * A line whose length is not the layout's: a UTF-8 re-save (§12.1), a
   * right-trimmed line without CRC (§12.12), trailing blanks, or the 298-byte
   * 671 header without CRC. Anything else is a LINE_LENGTH error and the line is skipped.
   */
  private fixLength(lineNo: number, layout: AfdLayout, type: number, expected: number, ref: LineRef): LineRef | null {
    const { buf, start, end } = ref;
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
      return { buf, start, end, withoutCrc: true };
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

  /**
   * A REP-A/REP-P file (type 7 present, or a REP_A/REP_P file name) whose CRC is
   * not KERMIT (§8.1). Reported in the summary, not as an issue: the issue
   * rule is that a match on any variant is fine.
   */
  private crcNonConforming(): boolean {
    const best = this.crc.best();
    return (this.sawType7 || /REP_[AP]/i.test(this.fileName)) && best !== null && best !== 'KERMIT';
  }

  private finish(): void {
    if (!this.decoder?.trailer) {
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

  private issue(line: number, severity: IssueSeverity, code: AfdIssueCode, mensagem: string): void {
    this.onIssue({ line, severity, code, mensagem });
  }

  /** A line that could not be read as a record: kept, with the code of the error that explains it. */
  private unreadable(lineNo: number, ref: LineRef, code: AfdIssueCode): void {
    this.onRecord({ type: 'unreadable', line: lineNo, text: latin1(ref), code });
  }
}
