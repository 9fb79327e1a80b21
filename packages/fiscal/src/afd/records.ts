/**
 * Record decoders: one line of a known layout and type → an AfdRecord. Every
 * offset comes from the layout table (layout.ts). A field that cannot be read
 * becomes null with an issue, and the record then carries its line as `raw`.
 */
import { decodeEmployeeField, type DecodedIdentifier } from '../shared/ids.js';
import { recordLayout, trailerCountTypes, type AfdField, type AfdRecordLayout } from './layout.js';
import type { Report } from './integrity.js';
import type { AfdDateTime, AfdEmployeeId, AfdHeader, AfdLayout, AfdRecord, AfdRepPPunch, AfdTrailer } from './types.js';
import {
  cpfFrom14,
  optionalNumber,
  paddedDigits,
  parseDateOnly,
  parseDh,
  parseDmyHm,
  type DateResult,
} from './values.js';

const REP_P = recordLayout('671', 7).field;
// Resolved once: type 7 is the hot path of a REP-P file.
const REP_P_FIELDS = {
  punchAt: REP_P.punchAt!,
  employee: REP_P.employee!,
  recordedAt: REP_P.recordedAt!,
  collector: REP_P.collector!,
  offline: REP_P.offline!,
  hash: REP_P.hash!,
};

function slice(line: Line, f: AfdField): string {
  return line.s.slice(f.start, f.start + f.length);
}

/** Distinct identifiers remembered while reading (bounded so memory stays flat). */
const ID_CACHE_LIMIT = 100_000;

/** The line being decoded: its text, number and whether a field of it was unreadable. */
interface Line {
  s: string;
  no: number;
  unreadable: boolean;
}

export class RecordDecoder {
  private readonly idCache = new Map<string, DecodedIdentifier>();
  private readonly nominalId: 'cpf' | 'pis';
  // Reused for every line: no allocation per record on the hot path of a large file.
  private readonly current: Line = { s: '', no: 0, unreadable: false };
  // Punch fields resolved once: a lookup by name per line costs a third of the read time.
  private readonly punchFields: { at: AfdField; time: AfdField | undefined; employee: AfdField };
  header: AfdHeader | null = null;
  trailer: AfdTrailer | null = null;

  constructor(
    private readonly layout: AfdLayout,
    private readonly report: Report,
    private readonly emit: (record: AfdRecord) => void,
  ) {
    this.nominalId = layout === '671' ? 'cpf' : 'pis';
    const p = recordLayout(layout, 3).field;
    this.punchFields = { at: p.punchAt!, time: p.punchAtTime, employee: p.employee! };
  }

  /** Decodes record `type` (2-7) of line `s`; `nsr` already checked. */
  body(type: number, lineNo: number, s: string, nsr: number): void {
    const line = this.at(lineNo, s);
    switch (type) {
      case 2:
        return this.finish(line, this.employer(line, nsr));
      case 3:
        return this.finish(line, this.punch(line, nsr));
      case 4:
        return this.finish(line, this.clock(line, nsr));
      case 5:
        return this.finish(line, this.employee(line, nsr));
      case 6:
        return this.finish(line, this.event(line, nsr));
      case 7:
        return this.finish(line, this.repPPunch(line, nsr));
    }
  }

  private at(lineNo: number, s: string): Line {
    const line = this.current;
    line.s = s;
    line.no = lineNo;
    line.unreadable = false;
    return line;
  }

  private finish(line: Line, record: AfdRecord): void {
    if (line.unreadable) record.raw = line.s;
    this.emit(record);
  }

  // ---- fields ---------------------------------------------------------------

  private text(line: Line, r: AfdRecordLayout, name: string): string {
    return slice(line, r.field[name]!);
  }

  private dateOrIssue(line: Line, d: DateResult, what: string, raw: string): AfdDateTime | null {
    if (!d.ok) {
      line.unreadable = true;
      this.report(line.no, 'error', 'INVALID_DATE', `${what} inválida: "${raw}".`);
      return null;
    }
    if (d.seconds !== 0)
      this.report(line.no, 'warning', 'INVALID_DATE', `${what} com segundos diferentes de 00: "${raw}".`);
    return d.value;
  }

  /** A date-time field: one DH (671) or a date plus `<name>Time` (1510/595). */
  private dateTime(line: Line, r: AfdRecordLayout, name: string, what: string): AfdDateTime | null {
    return this.dateTimeAt(line, r.field[name]!, r.field[`${name}Time`], what);
  }

  private dateTimeAt(line: Line, f: AfdField, t: AfdField | undefined, what: string): AfdDateTime | null {
    const s = line.s;
    if (f.type === 'DH') return this.dateOrIssue(line, parseDh(s, f.start), what, s.slice(f.start, f.start + 24));
    const raw = `${s.slice(f.start, f.start + 8)} ${s.slice(t!.start, t!.start + 4)}`;
    return this.dateOrIssue(line, parseDmyHm(s, f.start, t!.start), what, raw);
  }

  private date(line: Line, r: AfdRecordLayout, name: string, what: string): string | null {
    const f = r.field[name]!;
    const d = parseDateOnly(line.s, f.start, f.length);
    if (d === null) {
      line.unreadable = true;
      this.report(line.no, 'error', 'INVALID_DATE', `${what} do cabeçalho inválida: "${this.text(line, r, name)}".`);
    }
    return d;
  }

  private employeeId(line: Line, raw: string): AfdEmployeeId {
    // A file has few employees and many punches: decode each identifier once.
    let id = this.idCache.get(raw);
    if (id === undefined) {
      id = decodeEmployeeField(raw, this.nominalId);
      if (this.idCache.size >= ID_CACHE_LIMIT) this.idCache.clear();
      this.idCache.set(raw, id);
    }
    if (id.form === null) {
      this.report(
        line.no,
        'warning',
        'INVALID_ID',
        `Identificador do empregado "${raw}" não é CPF nem PIS válido em nenhuma das formas aceitas (art. 96 §2 da Portaria 671).`,
      );
    }
    return { rawId: raw, cpf: id.cpf, pis: id.pis, idForm: id.form };
  }

  private optional(line: Line, r: AfdRecordLayout, name: string): string | null {
    return r.field[name] ? optionalNumber(this.text(line, r, name)) : null;
  }

  // ---- records ----------------------------------------------------------------

  headerRecord(lineNo: number, s: string): void {
    if (this.header)
      return this.duplicate(
        lineNo,
        s,
        `Segundo registro de cabeçalho (o primeiro está na linha ${this.header.line}); o arquivo deve ter um só.`,
      );
    const r = recordLayout(this.layout, 1);
    const line = this.at(lineNo, s);
    const is671 = this.layout === '671';
    const header: AfdHeader = {
      type: 1,
      line: lineNo,
      employerIdKind: this.text(line, r, 'employerIdKind'),
      employerId: this.text(line, r, 'employerId').trim(),
      employerCeiOrCno: this.optional(line, r, 'employerCei'),
      employerName: this.text(line, r, 'employerName').trimEnd(),
      repIdentifier: this.text(line, r, 'repIdentifier'),
      firstDate: this.date(line, r, 'firstDate', 'Data inicial'),
      lastDate: this.date(line, r, 'lastDate', 'Data final'),
      generatedAt: this.dateTime(line, r, 'generatedAt', 'Data/hora de geração'),
      layoutVersion: is671 ? this.text(line, r, 'layoutVersion') : null,
      developerIdKind: is671 ? this.text(line, r, 'developerIdKind') : null,
      developerId: is671 ? this.text(line, r, 'developerId').trim() : null,
      model: is671 ? this.text(line, r, 'model').trimEnd() || null : null,
    };
    if (is671 && header.layoutVersion !== '003') {
      // Open point 8: accept any 3-digit version, warn.
      this.report(
        lineNo,
        'warning',
        'UNKNOWN_RECORD',
        `Versão de leiaute "${header.layoutVersion}" no cabeçalho; a Portaria 671 define "003". O arquivo foi lido como 003.`,
      );
    }
    this.header = header;
    this.finish(line, header);
  }

  private employer(line: Line, nsr: number): AfdRecord {
    const r = recordLayout(this.layout, 2);
    const cpf = r.field.responsibleCpf;
    return {
      type: 2,
      line: line.no,
      nsr,
      recordedAt: this.dateTime(line, r, 'recordedAt', 'Data/hora da gravação'),
      // 14 wide for an 11-digit CPF (open point 10): keep the CPF itself; 1510 has none.
      responsibleCpf: cpf ? cpfFrom14(this.text(line, r, 'responsibleCpf')) : null,
      employerIdKind: this.text(line, r, 'employerIdKind'),
      employerId: this.text(line, r, 'employerId').trim(),
      employerCeiOrCno: this.optional(line, r, 'employerCei'),
      employerName: this.text(line, r, 'employerName').trimEnd(),
      workplace: this.text(line, r, 'workplace').trimEnd(),
    };
  }

  private punch(line: Line, nsr: number): AfdRecord {
    const f = this.punchFields;
    const dateTime = this.dateTimeAt(line, f.at, f.time, 'Data/hora da marcação');
    const id = this.employeeId(line, slice(line, f.employee));
    // Built field by field (no spread): this is the hot path of a large file.
    return { type: 3, line: line.no, nsr, dateTime, rawId: id.rawId, cpf: id.cpf, pis: id.pis, idForm: id.idForm };
  }

  private clock(line: Line, nsr: number): AfdRecord {
    const r = recordLayout(this.layout, 4);
    return {
      type: 4,
      line: line.no,
      nsr,
      before: this.dateTime(line, r, 'before', 'Data/hora antes do ajuste'),
      after: this.dateTime(line, r, 'after', 'Data/hora ajustada'),
      responsibleCpf: this.optional(line, r, 'responsibleCpf'),
    };
  }

  private employee(line: Line, nsr: number): AfdRecord {
    const r = recordLayout(this.layout, 5);
    return {
      type: 5,
      line: line.no,
      nsr,
      recordedAt: this.dateTime(line, r, 'recordedAt', 'Data/hora da gravação'),
      operation: this.text(line, r, 'operation'),
      ...this.employeeId(line, this.text(line, r, 'employee')),
      name: this.text(line, r, 'name').trim(),
      otherData: r.field.otherData ? this.text(line, r, 'otherData') : null,
      responsibleCpf: this.optional(line, r, 'responsibleCpf'),
    };
  }

  private event(line: Line, nsr: number): AfdRecord {
    const r = recordLayout(this.layout, 6);
    return {
      type: 6,
      line: line.no,
      nsr,
      recordedAt: this.dateTime(line, r, 'recordedAt', 'Data/hora do evento'),
      event: this.text(line, r, 'event'),
    };
  }

  private repPPunch(line: Line, nsr: number): AfdRepPPunch {
    const f = REP_P_FIELDS;
    const dateTime = this.dateTimeAt(line, f.punchAt, undefined, 'Data/hora da marcação');
    const id = this.employeeId(line, slice(line, f.employee));
    return {
      type: 7,
      line: line.no,
      nsr,
      dateTime,
      rawId: id.rawId,
      cpf: id.cpf,
      pis: id.pis,
      idForm: id.idForm,
      recordedAt: this.dateTimeAt(line, f.recordedAt, undefined, 'Data/hora do registro'),
      collector: slice(line, f.collector),
      offline: slice(line, f.offline) === '1',
      hash: slice(line, f.hash),
    };
  }

  /** `counts`: lines of each type read so far, compared with what the trailer declares. */
  trailerRecord(lineNo: number, s: string, counts: Readonly<Record<string, number>>): void {
    if (this.trailer)
      return this.duplicate(lineNo, s, `Segundo trailer (o primeiro está na linha ${this.trailer.line}).`);
    const r = recordLayout(this.layout, 9);
    const declared: AfdTrailer['declared'] = {};
    const wrong: string[] = [];
    for (const t of trailerCountTypes(this.layout)) {
      const f = r.field[`count${t}`]!;
      const n = paddedDigits(s, f.start, f.length);
      declared[t as keyof AfdTrailer['declared']] = n;
      const actual = counts[t] ?? 0;
      if (n !== actual)
        wrong.push(`tipo ${t}: trailer ${n < 0 ? `"${s.slice(f.start, f.start + f.length)}"` : n}, arquivo ${actual}`);
    }
    this.trailer = { type: 9, line: lineNo, declared };
    if (wrong.length > 0) {
      this.report(
        lineNo,
        'warning',
        'TRAILER_COUNT',
        `As quantidades do trailer não conferem com os registros do arquivo (${wrong.join('; ')}); é comum em exportações parciais.`,
      );
    }
    this.emit(this.trailer);
  }

  private duplicate(lineNo: number, s: string, mensagem: string): void {
    this.report(lineNo, 'error', 'UNKNOWN_RECORD', mensagem);
    this.emit({ type: 'unreadable', line: lineNo, text: s, code: 'UNKNOWN_RECORD' });
  }
}
