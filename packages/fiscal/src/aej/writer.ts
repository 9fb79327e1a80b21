/**
 * AEJ writer — Arquivo Eletrônico de Jornada, Portaria 671 layout `001`
 * (spec §11). Pipe-separated, no padding except `seqEntSaida` (3) and `nrRep`
 * (17) (open point 9), no pipe after the last field, ISO-8859-1, CR LF.
 * Records are written grouped by type in layout order; within a type, in the
 * order given.
 */
import { cpfDigits, partyDigits, type PartyId } from '../shared/employer.js';
import {
  checkDate,
  CRLF,
  digitsOnly,
  dh671,
  FiscalInputError,
  hhmm,
  latin1Bytes,
  num,
  toLatin1Text,
  type LocalDateTime,
} from '../shared/text.js';
import { SIGNATURE_LINE } from '../afd/writer.js';

export interface AejEmployer extends PartyId {
  name: string;
  caepf?: string | null;
  cno?: string | null;
}

/** 02: a REP the punches came from. `kind` 1 REP-C, 2 REP-A, 3 REP-P. */
export interface AejRep {
  id: number;
  kind: 1 | 2 | 3;
  /** REP-C serial, REP-A agreement or `99999999999999999`, REP-P INPI number; required when an original (`O`) mark uses this REP. */
  number?: string | null;
}

/** 03 (+ 06): an employment bond (vínculo). */
export interface AejBond {
  id: number;
  cpf: string;
  name: string;
  /** eSocial registration (matrícula); record 06 is written for CPFs with more than one bond, and is then required. */
  esocialRegistration?: string | null;
}

/** 04: a contractual schedule. Times `HH:MM`. */
export interface AejSchedule {
  code: string;
  /** Minutes; for night schedules already reduced (52m30s = 1 h, CLT art. 73 §1). */
  durationMinutes: number;
  pairs: { entry: string; exit: string }[];
}

/** 05: a treated punch. */
export interface AejMark {
  bondId: number;
  dateTime: LocalDateTime;
  /** Null when the punch did not come from a REP (included, pre-assigned…). */
  repId?: number | null;
  /** `E` entry, `S` exit, `D` disregarded. */
  kind: 'E' | 'S' | 'D';
  /** Pair number (seqEntSaida), 1 for E1/S1. */
  pair: number;
  /** `O` original, `I` included, `P` pre-assigned, `X` exception-based, `T` other source. */
  source: 'O' | 'I' | 'P' | 'X' | 'T';
  /** Required on the first entry (E with pair 1). */
  scheduleCode?: string | null;
  /** Required when kind is `D` or source is `I`. */
  reason?: string | null;
}

/** 07: 1 DSR, 2 unjustified absence, 3 time-bank movement, 4 day off for a holiday. */
export interface AejAbsence {
  bondId: number;
  kind: 1 | 2 | 3 | 4;
  date: string;
  /** Required for kind 3. */
  minutes?: number | null;
  /** Kind 3: 1 credit to the bank, 2 compensation from the bank. */
  hourBankMovement?: 1 | 2 | null;
}

/** 08: the treatment program (PTRP). */
export interface AejProgram {
  name: string;
  version: string;
  developer: PartyId;
  developerName: string;
  email: string;
}

export interface AejInput {
  employer: AejEmployer;
  firstDate: string;
  lastDate: string;
  generatedAt: LocalDateTime;
  reps: AejRep[];
  bonds: AejBond[];
  schedules: AejSchedule[];
  marks: Iterable<AejMark>;
  absences: Iterable<AejAbsence>;
  program: AejProgram;
}

export interface AejOutput {
  bytes: Buffer;
  counts: Record<'01' | '02' | '03' | '04' | '05' | '06' | '07' | '08', number>;
}

/** AEJ text value: Latin-1, no CR/LF, no `|`, trimmed, limited to the layout size. */
function text(value: string | null | undefined, max: number): string {
  return value ? toLatin1Text(value, '|').trim().slice(0, max) : '';
}

const MAX_PROBLEMS = 50;

/** Every problem of the input, so one FiscalInputError lists them all (up to MAX_PROBLEMS). */
class Problems {
  readonly list: string[] = [];
  readonly fail = (p: string): void => {
    if (this.list.length < MAX_PROBLEMS) this.list.push(p);
  };

  /** `f()`, or `fallback` with its FiscalInputError problems recorded. */
  safe<T>(f: () => T, fallback: T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof FiscalInputError) e.problems.forEach(this.fail);
      else throw e;
      return fallback;
    }
  }
}

/** What the record groups share: output, counts, and the keys later records must refer to. */
interface AejContext {
  pr: Problems;
  lines: string[];
  counts: AejOutput['counts'];
  repIds: Set<number>;
  bondIds: Set<number>;
  bondsPerCpf: Map<string, number>;
  codes: Set<string>;
}

function headerLine(input: AejInput, pr: Problems): string {
  const e = input.employer;
  return [
    '01',
    String(e.idKind),
    pr.safe(() => partyDigits(e, 'Empregador'), ''),
    e.caepf ? digitsOnly(e.caepf) : '',
    e.cno ? digitsOnly(e.cno) : '',
    text(e.name, 150),
    pr.safe(() => checkDate(input.firstDate, 'dataInicialAej'), ''),
    pr.safe(() => checkDate(input.lastDate, 'dataFinalAej'), ''),
    pr.safe(() => dh671(input.generatedAt, 'dataHoraGerAej'), ''),
    '001',
  ].join('|');
}

/** 02 REPs: nrRep is required when an original mark uses the REP. */
function repLines(reps: readonly AejRep[], marks: readonly AejMark[], c: AejContext): void {
  const { fail } = c.pr;
  const repsWithOriginal = new Set<number>();
  for (const m of marks) if (m.source === 'O' && m.repId != null) repsWithOriginal.add(m.repId);
  for (const r of reps) {
    if (c.repIds.has(r.id)) fail(`REP ${r.id} declarado duas vezes`);
    c.repIds.add(r.id);
    if (![1, 2, 3].includes(r.kind)) fail(`REP ${r.id}: tipo inválido ${r.kind}`);
    const nr = r.number ? digitsOnly(r.number) : '';
    if (!nr && repsWithOriginal.has(r.id)) fail(`REP ${r.id}: nrRep obrigatório (há marcações originais deste REP)`);
    c.lines.push(
      `02|${localKey(r.id, 'idRepAej', fail)}|${r.kind}|${nr ? c.pr.safe(() => num(nr, 17, 'nrRep'), '') : ''}`,
    );
    c.counts['02']++;
  }
}

/** 03 bonds; counts the bonds of each CPF for record 06. */
function bondLines(bonds: readonly AejBond[], c: AejContext): void {
  const { fail } = c.pr;
  for (const b of bonds) {
    const cpf = c.pr.safe(() => cpfDigits(b.cpf, `Vínculo ${b.id}`), '');
    c.bondsPerCpf.set(cpf, (c.bondsPerCpf.get(cpf) ?? 0) + 1);
    if (c.bondIds.has(b.id)) fail(`Vínculo ${b.id} declarado duas vezes`);
    c.bondIds.add(b.id);
    const name = text(b.name, 150);
    if (!name) fail(`Vínculo ${b.id}: nome vazio`);
    c.lines.push(`03|${localKey(b.id, 'idtVinculoAej', fail)}|${cpf}|${name}`);
    c.counts['03']++;
  }
}

/** 04 contractual schedules. */
function scheduleLines(schedules: readonly AejSchedule[], c: AejContext): void {
  const { fail } = c.pr;
  for (const s of schedules) {
    const code = text(s.code, 30);
    if (!code || code !== s.code) fail(`Horário contratual "${s.code}": código vazio, com "|" ou maior que 30`);
    if (c.codes.has(code)) fail(`Horário contratual "${code}" declarado duas vezes`);
    c.codes.add(code);
    if (!Number.isInteger(s.durationMinutes) || s.durationMinutes < 0) fail(`Horário ${code}: duração inválida`);
    if (s.pairs.length === 0) fail(`Horário ${code}: sem entrada/saída`);
    const times = s.pairs.flatMap((p, i) => [
      c.pr.safe(() => hhmm(p.entry, `Horário ${code} entrada ${i + 1}`), ''),
      c.pr.safe(() => hhmm(p.exit, `Horário ${code} saída ${i + 1}`), ''),
    ]);
    c.lines.push(`04|${code}|${s.durationMinutes}|${times.join('|')}`);
    c.counts['04']++;
  }
}

/** 05 one treated punch; its references must be declared in 02, 03 and 04. */
function markLine(m: AejMark, c: AejContext): string {
  const { fail } = c.pr;
  const where = `Marcação do vínculo ${m.bondId} em ${m.dateTime.local}`;
  if (!c.bondIds.has(m.bondId)) fail(`${where}: vínculo não declarado no registro 03`);
  if (m.repId != null && !c.repIds.has(m.repId)) fail(`${where}: REP ${m.repId} não declarado no registro 02`);
  if (m.kind !== 'E' && m.kind !== 'S' && m.kind !== 'D') fail(`${where}: tpMarc inválido "${m.kind}"`);
  if (!['O', 'I', 'P', 'X', 'T'].includes(m.source)) fail(`${where}: fonteMarc inválida "${m.source}"`);
  const code = text(m.scheduleCode, 30);
  if (code && !c.codes.has(code)) fail(`${where}: horário "${code}" não declarado no registro 04`);
  if (m.kind === 'E' && m.pair === 1 && !code) fail(`${where}: codHorContratual obrigatório na primeira entrada`);
  const reason = text(m.reason, 150);
  if ((m.kind === 'D' || m.source === 'I') && !reason)
    fail(`${where}: motivo obrigatório para marcação desconsiderada ou incluída`);
  if (!Number.isInteger(m.pair) || m.pair < 0 || m.pair > 999) fail(`${where}: seqEntSaida inválido ${m.pair}`);
  const dh = c.pr.safe(() => dh671(m.dateTime, where), '');
  const pair = c.pr.safe(() => num(m.pair, 3, 'seqEntSaida'), '');
  return `05|${m.bondId}|${dh}|${m.repId ?? ''}|${m.kind}|${pair}|${m.source}|${code}|${reason}`;
}

/** 06 eSocial registration, only for CPFs with more than one bond (spec §11). */
function registrationLines(bonds: readonly AejBond[], c: AejContext): void {
  for (const b of bonds) {
    const cpf = b.cpf.replace(/\D/g, '');
    if ((c.bondsPerCpf.get(cpf) ?? 0) < 2) continue;
    const reg = text(b.esocialRegistration, 30);
    if (!reg) c.pr.fail(`Vínculo ${b.id}: matrícula eSocial obrigatória (CPF com mais de um vínculo)`);
    c.lines.push(`06|${b.id}|${reg}`);
    c.counts['06']++;
  }
}

/** 07 absences and time bank: always all six fields (spec §11). */
function absenceLine(a: AejAbsence, c: AejContext): string {
  const { fail } = c.pr;
  const where = `Ausência do vínculo ${a.bondId} em ${a.date}`;
  if (!c.bondIds.has(a.bondId)) fail(`${where}: vínculo não declarado no registro 03`);
  if (![1, 2, 3, 4].includes(a.kind)) fail(`${where}: tipo inválido ${a.kind}`);
  let minutes = '';
  let movement = '';
  if (a.kind === 3) {
    if (a.minutes == null || !Number.isInteger(a.minutes) || a.minutes < 0)
      fail(`${where}: qtMinutos obrigatório para banco de horas`);
    else minutes = String(a.minutes);
    if (a.hourBankMovement !== 1 && a.hourBankMovement !== 2)
      fail(`${where}: tipoMovBH obrigatório para banco de horas`);
    else movement = String(a.hourBankMovement);
  }
  return `07|${a.bondId}|${a.kind}|${c.pr.safe(() => checkDate(a.date, where), '')}|${minutes}|${movement}`;
}

function programLine(p: AejProgram, pr: Problems): string {
  return [
    '08',
    text(p.name, 150),
    text(p.version, 8),
    String(p.developer.idKind),
    pr.safe(() => partyDigits(p.developer, 'Desenvolvedor'), ''),
    text(p.developerName, 150),
    text(p.email, 50),
  ].join('|');
}

export function writeAej(input: AejInput): AejOutput {
  const c: AejContext = {
    pr: new Problems(),
    lines: [],
    counts: { '01': 1, '02': 0, '03': 0, '04': 0, '05': 0, '06': 0, '07': 0, '08': 1 },
    repIds: new Set(),
    bondIds: new Set(),
    bondsPerCpf: new Map(),
    codes: new Set(),
  };
  c.lines.push(headerLine(input, c.pr));
  const marks = Array.isArray(input.marks) ? (input.marks as AejMark[]) : [...input.marks];
  repLines(input.reps, marks, c);
  bondLines(input.bonds, c);
  scheduleLines(input.schedules, c);
  for (const m of marks) {
    c.lines.push(markLine(m, c));
    c.counts['05']++;
  }
  registrationLines(input.bonds, c);
  for (const a of input.absences) {
    c.lines.push(absenceLine(a, c));
    c.counts['07']++;
  }
  c.lines.push(programLine(input.program, c.pr));
  if (c.pr.list.length > 0) throw new FiscalInputError(c.pr.list);
  const n = c.counts;
  c.lines.push(`99|${n['01']}|${n['02']}|${n['03']}|${n['04']}|${n['05']}|${n['06']}|${n['07']}|${n['08']}`);
  c.lines.push(SIGNATURE_LINE);
  return { bytes: latin1Bytes(c.lines.join(CRLF) + CRLF), counts: c.counts };
}

/** Local keys (idRepAej, idtVinculoAej) are 1-9 digits. */
function localKey(id: number, what: string, fail: (p: string) => void): string {
  if (!Number.isInteger(id) || id < 0 || id > 999_999_999) fail(`${what} inválido: ${id}`);
  return String(id);
}
