/**
 * AFDT — Arquivo Fonte de Dados Tratados, Portaria 1510 (spec §9). Fixed
 * width, ISO-8859-1, CR LF; field 1 is the record sequence in this file.
 */
import { decodeEmployeeField, encodePisField, type EmployeeIdentity } from '../shared/ids.js';
import { splitLines, type FileIssue } from '../shared/lines.js';
import { alpha, CRLF, ddmmyyyy, digitsOnly, FiscalInputError, hhmm, latin1Bytes, num } from '../shared/text.js';
import {
  dmyToIso,
  readTreatedHeader,
  seq,
  treatedHeaderLine,
  treatedTrailerLine,
  type Treated1510Header,
  type TreatedHeaderRead,
} from '../shared/treated1510.js';

export interface AfdtMark {
  /** `YYYY-MM-DD` and `HH:MM`, local. */
  date: string;
  time: string;
  employee: EmployeeIdentity;
  /** Serial of the REP that registered the punch; null (blank field) for a punch included by hand. */
  repSerial?: string | null;
  /** `E` entry, `S` exit, `D` disregarded. */
  kind: 'E' | 'S' | 'D';
  /** Pair number within the shift (1 for E1/S1); 0 for a disregarded punch. */
  pair: number;
  /** `O` original, `I` included by hand, `P` pre-assigned break. */
  source: 'O' | 'I' | 'P';
  /** Required when kind is `D` or source is `I`. */
  reason?: string | null;
}

export interface AfdtInput extends Treated1510Header {
  marks: Iterable<AfdtMark>;
  /** Art. 96 §2 form for employees without PIS: 9 (`9`+CPF, default) or 8. */
  cpfForm?: 8 | 9;
}

export const AFDT_DETAIL_LENGTH = 155;

export function writeAfdt(input: AfdtInput): Buffer {
  const lines = [treatedHeaderLine(input)];
  const problems: string[] = [];
  for (const m of input.marks) {
    const where = `Marcação de ${m.date} ${m.time}`;
    if ((m.kind === 'D' || m.source === 'I') && !m.reason?.trim())
      problems.push(`${where}: motivo obrigatório para marcação desconsiderada ou incluída`);
    if (!['E', 'S', 'D'].includes(m.kind) || !['O', 'I', 'P'].includes(m.source))
      problems.push(`${where}: tipo ou fonte inválidos`);
    if (problems.length > 0) continue;
    lines.push(
      seq(lines.length + 1) +
        '2' +
        ddmmyyyy(m.date, where) +
        hhmm(m.time, where) +
        encodePisField(m.employee, input.cpfForm) +
        num(m.repSerial ? digitsOnly(m.repSerial) : null, 17, 'Número do REP') +
        m.kind +
        num(m.pair, 2, 'Par entrada/saída') +
        m.source +
        alpha(m.reason, 100),
    );
  }
  if (problems.length > 0) throw new FiscalInputError(problems);
  lines.push(treatedTrailerLine(lines.length + 1));
  return latin1Bytes(lines.join(CRLF) + CRLF);
}

export interface AfdtMarkRead extends Omit<AfdtMark, 'employee'> {
  line: number;
  /** The 12 characters as written, and what they decode to (spec §7). */
  rawId: string;
  cpf: string | null;
  pis: string | null;
}

export interface AfdtParseResult {
  header: TreatedHeaderRead | null;
  marks: AfdtMarkRead[];
  trailerSequence: number | null;
  issues: FileIssue[];
}

export function parseAfdt(content: Uint8Array): AfdtParseResult {
  const r: AfdtParseResult = { header: null, marks: [], trailerSequence: null, issues: [] };
  const issue = (line: number, code: FileIssue['code'], mensagem: string, severity: FileIssue['severity'] = 'error') =>
    r.issues.push({ line, severity, code, mensagem });
  let expectedSeq = 1;
  for (const { line, text: s } of splitLines(content, issue)) {
    const sq = Number(s.slice(0, 9));
    if (/^\d{9}$/.test(s.slice(0, 9)) && sq !== expectedSeq)
      issue(line, 'NSR_ORDER', `Sequencial ${sq}, esperado ${expectedSeq}.`, 'warning');
    expectedSeq = sq + 1;
    const type = s.length === 10 ? '9' : s[9];
    const expected = type === '1' ? 215 : type === '2' ? AFDT_DETAIL_LENGTH : type === '9' ? 10 : -1;
    if (expected < 0) {
      issue(line, 'UNKNOWN_RECORD', `Tipo de registro "${type ?? ''}" desconhecido no AFDT.`);
      continue;
    }
    if (s.length !== expected) {
      issue(line, 'LINE_LENGTH', `Registro tipo ${type} com ${s.length} caracteres; o AFDT exige ${expected}.`);
      continue;
    }
    if (type === '1') r.header = readTreatedHeader(s);
    else if (type === '9') r.trailerSequence = sq;
    else {
      const rawId = s.slice(22, 34);
      const id = decodeEmployeeField(rawId, 'pis');
      if (id.form === null) issue(line, 'INVALID_ID', `PIS "${rawId}" inválido.`, 'warning');
      const rep = s.slice(34, 51).trim();
      r.marks.push({
        line,
        date: dmyToIso(s.slice(10, 18)),
        time: `${s.slice(18, 20)}:${s.slice(20, 22)}`,
        rawId,
        cpf: id.cpf,
        pis: id.pis,
        repSerial: rep === '' ? null : rep,
        kind: s[51] as AfdtMark['kind'],
        pair: Number(s.slice(52, 54)),
        source: s[54] as AfdtMark['source'],
        reason: s.slice(55).trimEnd() || null,
      });
    }
  }
  if (!r.header) issue(1, 'MISSING_HEADER', 'O AFDT não tem o registro de cabeçalho.', 'warning');
  if (r.trailerSequence === null) issue(1, 'MISSING_TRAILER', 'O AFDT não tem o trailer.', 'warning');
  return r;
}
