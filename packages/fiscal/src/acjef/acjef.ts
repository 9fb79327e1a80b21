/**
 * ACJEF — Arquivo de Controle de Jornada para Efeitos Fiscais, Portaria 1510
 * as amended by Portaria 2233/2009 (spec §10): type 2 in the 2233 order
 * (entrada, saída, início e fim do intervalo; open point 5), overtime
 * percentage with 3 integer digits + 1 decimal (open point 6).
 */
import { decodeEmployeeField, encodePisField, type EmployeeIdentity } from '../shared/ids.js';
import { splitLines, type FileIssue } from '../shared/lines.js';
import { CRLF, ddmmyyyy, FiscalInputError, hhmm, latin1Bytes, minutesHhmm, num } from '../shared/text.js';
import {
  dmyToIso,
  readTreatedHeader,
  seq,
  treatedHeaderLine,
  treatedTrailerLine,
  type Treated1510Header,
  type TreatedHeaderRead,
} from '../shared/treated1510.js';

/** A contractual schedule (CH). Times `HH:MM`. */
export interface AcjefSchedule {
  code: number;
  entry: string;
  exit: string;
  breakStart: string;
  breakEnd: string;
  /** (2233) further breaks not counted in the shift duration. */
  extraBreaks?: { start: string; end: string }[];
}

export interface AcjefOvertime {
  minutes: number;
  /** Premium in percent, e.g. 50 or 62.5 (one decimal at most). */
  percent: number;
  /** `D` daytime, `N` night. */
  period: 'D' | 'N';
}

/** One completed shift (type 3). Quantities in minutes. */
export interface AcjefShift {
  employee: EmployeeIdentity;
  /** Shift start date `YYYY-MM-DD` and first entry `HH:MM`. */
  date: string;
  firstEntry: string;
  scheduleCode: number;
  dayMinutes: number;
  nightMinutes: number;
  /** Up to four groups (e.g. 50% until 20:00, then 80%). */
  overtime: AcjefOvertime[];
  absenceMinutes: number;
  /** Balance to compensate, signed: positive = `1` (more), negative = `2` (less). Night hours already reduced (CLT art. 73 §1). */
  balanceMinutes: number;
}

export interface AcjefInput extends Treated1510Header {
  schedules: AcjefSchedule[];
  shifts: Iterable<AcjefShift>;
  cpfForm?: 8 | 9;
}

export const ACJEF_SHIFT_LENGTH = 91;
/** Our reading for unused overtime groups (spec §10: the text is silent). */
const EMPTY_OVERTIME = '00000000 ';

function overtimeGroup(o: AcjefOvertime | undefined, where: string): string {
  if (!o) return EMPTY_OVERTIME;
  const tenths = Math.round(o.percent * 10);
  if (Math.abs(tenths - o.percent * 10) > 1e-9 || tenths < 0 || tenths > 9999)
    throw new FiscalInputError([`${where}: percentual ${o.percent} não cabe em 3 inteiros + 1 decimal`]);
  if (o.period !== 'D' && o.period !== 'N')
    throw new FiscalInputError([`${where}: período da hora extra deve ser D ou N`]);
  return minutesHhmm(o.minutes, where) + num(tenths, 4) + o.period;
}

export function writeAcjef(input: AcjefInput): Buffer {
  const lines = [treatedHeaderLine(input)];
  const codes = new Set<number>();
  for (const s of input.schedules) {
    const where = `Horário ${s.code}`;
    if (codes.has(s.code)) throw new FiscalInputError([`${where} declarado duas vezes`]);
    codes.add(s.code);
    let line =
      seq(lines.length + 1) +
      '2' +
      num(s.code, 4, 'Código do horário') +
      hhmm(s.entry, where) +
      hhmm(s.exit, where) +
      hhmm(s.breakStart, where) +
      hhmm(s.breakEnd, where);
    for (const b of s.extraBreaks ?? []) line += hhmm(b.start, where) + hhmm(b.end, where);
    lines.push(line);
  }
  for (const d of input.shifts) {
    const where = `Jornada de ${d.date}`;
    if (!codes.has(d.scheduleCode))
      throw new FiscalInputError([`${where}: horário ${d.scheduleCode} não declarado no registro 2`]);
    if (d.overtime.length > 4) throw new FiscalInputError([`${where}: mais de quatro grupos de horas extras`]);
    lines.push(
      seq(lines.length + 1) +
        '3' +
        encodePisField(d.employee, input.cpfForm) +
        ddmmyyyy(d.date, where) +
        hhmm(d.firstEntry, where) +
        num(d.scheduleCode, 4) +
        minutesHhmm(d.dayMinutes, where) +
        minutesHhmm(d.nightMinutes, where) +
        overtimeGroup(d.overtime[0], where) +
        overtimeGroup(d.overtime[1], where) +
        overtimeGroup(d.overtime[2], where) +
        overtimeGroup(d.overtime[3], where) +
        minutesHhmm(d.absenceMinutes, where) +
        (d.balanceMinutes < 0 ? '2' : '1') +
        minutesHhmm(Math.abs(d.balanceMinutes), where),
    );
  }
  lines.push(treatedTrailerLine(lines.length + 1));
  return latin1Bytes(lines.join(CRLF) + CRLF);
}

export interface AcjefShiftRead extends Omit<AcjefShift, 'employee'> {
  line: number;
  rawId: string;
  cpf: string | null;
  pis: string | null;
}

export interface AcjefParseResult {
  header: TreatedHeaderRead | null;
  schedules: AcjefSchedule[];
  shifts: AcjefShiftRead[];
  trailerSequence: number | null;
  issues: FileIssue[];
}

const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(2, 4));
const toHm = (s: string) => `${s.slice(0, 2)}:${s.slice(2, 4)}`;

export function parseAcjef(content: Uint8Array): AcjefParseResult {
  const r: AcjefParseResult = { header: null, schedules: [], shifts: [], trailerSequence: null, issues: [] };
  const issue = (line: number, code: FileIssue['code'], mensagem: string, severity: FileIssue['severity'] = 'error') =>
    r.issues.push({ line, severity, code, mensagem });
  for (const { line, text: s } of splitLines(content, issue)) {
    const type = s.length === 10 ? '9' : s[9];
    const ok =
      type === '1'
        ? s.length === 215
        : type === '2'
          ? s.length >= 30 && (s.length - 30) % 8 === 0
          : type === '3'
            ? s.length === ACJEF_SHIFT_LENGTH
            : type === '9';
    if (!ok) {
      issue(
        line,
        type && '1239'.includes(type) ? 'LINE_LENGTH' : 'UNKNOWN_RECORD',
        `Registro "${type ?? ''}" com ${s.length} caracteres não corresponde ao ACJEF.`,
      );
      continue;
    }
    if (type === '1') r.header = readTreatedHeader(s);
    else if (type === '9') r.trailerSequence = Number(s.slice(0, 9));
    else if (type === '2') {
      const extraBreaks: { start: string; end: string }[] = [];
      for (let i = 30; i < s.length; i += 8)
        extraBreaks.push({ start: toHm(s.slice(i, i + 4)), end: toHm(s.slice(i + 4, i + 8)) });
      r.schedules.push({
        code: Number(s.slice(10, 14)),
        entry: toHm(s.slice(14, 18)),
        exit: toHm(s.slice(18, 22)),
        breakStart: toHm(s.slice(22, 26)),
        breakEnd: toHm(s.slice(26, 30)),
        ...(extraBreaks.length > 0 ? { extraBreaks } : {}),
      });
    } else {
      const rawId = s.slice(10, 22);
      const id = decodeEmployeeField(rawId, 'pis');
      if (id.form === null) issue(line, 'INVALID_ID', `PIS "${rawId}" inválido.`, 'warning');
      const overtime: AcjefOvertime[] = [];
      for (let i = 46; i < 82; i += 9) {
        const g = s.slice(i, i + 9);
        if (g === EMPTY_OVERTIME) continue;
        overtime.push({
          minutes: toMin(g.slice(0, 4)),
          percent: Number(g.slice(4, 8)) / 10,
          period: g[8] as 'D' | 'N',
        });
      }
      const balance = toMin(s.slice(87, 91));
      r.shifts.push({
        line,
        rawId,
        cpf: id.cpf,
        pis: id.pis,
        date: dmyToIso(s.slice(22, 30)),
        firstEntry: toHm(s.slice(30, 34)),
        scheduleCode: Number(s.slice(34, 38)),
        dayMinutes: toMin(s.slice(38, 42)),
        nightMinutes: toMin(s.slice(42, 46)),
        overtime,
        absenceMinutes: toMin(s.slice(82, 86)),
        balanceMinutes: s[86] === '2' ? -balance : balance,
      });
    }
  }
  if (!r.header) issue(1, 'MISSING_HEADER', 'O ACJEF não tem o registro de cabeçalho.', 'warning');
  if (r.trailerSequence === null) issue(1, 'MISSING_TRAILER', 'O ACJEF não tem o trailer.', 'warning');
  return r;
}
