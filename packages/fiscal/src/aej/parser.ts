/**
 * AEJ reader (spec §11), mainly to read back what `writeAej` produced and to
 * check AEJs from elsewhere. Lenient as the spec asks: `seqEntSaida` of 1-3
 * digits, any 3-digit version (open point 8), records in any order.
 */
import { splitLines, type FileIssue } from '../shared/lines.js';
import type { LocalDateTime } from '../shared/text.js';
import type { AejAbsence, AejBond, AejEmployer, AejMark, AejProgram, AejRep, AejSchedule } from './writer.js';

export interface AejParseResult {
  employer: AejEmployer | null;
  firstDate: string | null;
  lastDate: string | null;
  generatedAt: LocalDateTime | null;
  version: string | null;
  reps: AejRep[];
  bonds: AejBond[];
  schedules: AejSchedule[];
  marks: AejMark[];
  absences: AejAbsence[];
  program: AejProgram | null;
  /** Counts declared by record 99, keyed `01`…`08`. */
  declared: Record<string, number> | null;
  counts: Record<string, number>;
  signatureLine: string | null;
  issues: FileIssue[];
}

const FIELDS: Record<string, [number, number]> = {
  '01': [10, 10],
  '02': [4, 4],
  '03': [4, 4],
  '04': [5, 999],
  '05': [9, 9],
  '06': [3, 3],
  '07': [6, 6],
  '08': [7, 7],
  '99': [9, 9],
};

const DH_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):00([+-]\d{4})$/;

function dh(v: string): LocalDateTime | null {
  const m = DH_RE.exec(v);
  return m ? { local: m[1] as string, offset: m[2] as string } : null;
}

function hm(v: string): string {
  return `${v.slice(0, 2)}:${v.slice(2, 4)}`;
}

export function parseAej(content: Uint8Array): AejParseResult {
  const r: AejParseResult = {
    employer: null,
    firstDate: null,
    lastDate: null,
    generatedAt: null,
    version: null,
    reps: [],
    bonds: [],
    schedules: [],
    marks: [],
    absences: [],
    program: null,
    declared: null,
    counts: {},
    signatureLine: null,
    issues: [],
  };
  const registrations = new Map<number, string>();
  const issue = (line: number, code: FileIssue['code'], mensagem: string, severity: FileIssue['severity'] = 'error') =>
    r.issues.push({ line, severity, code, mensagem });
  let trailerSeen = false;
  for (const { line, text } of splitLines(content, issue)) {
    if (trailerSeen && text.length === 100) {
      r.signatureLine = text;
      continue;
    }
    const f = text.split('|');
    const type = f[0] as string;
    const arity = FIELDS[type];
    if (!arity) {
      issue(line, 'UNKNOWN_RECORD', `Tipo de registro "${type}" desconhecido no AEJ.`);
      continue;
    }
    if (f.length < arity[0] || f.length > arity[1]) {
      issue(
        line,
        'LINE_LENGTH',
        `Registro ${type} com ${f.length} campos; o leiaute prevê ${arity[0] === arity[1] ? arity[0] : `${arity[0]} ou mais`}.`,
      );
      continue;
    }
    r.counts[type] = (r.counts[type] ?? 0) + 1;
    const g = (i: number) => f[i] as string;
    const n = (i: number) => Number(g(i));
    const date = (v: string | null, i: number) => {
      if (v === null) issue(line, 'INVALID_DATE', `Data/hora inválida "${g(i)}" no registro ${type}.`);
      return v;
    };
    switch (type) {
      case '01':
        r.employer = { idKind: n(1) as 1 | 2, id: g(2), caepf: g(3) || null, cno: g(4) || null, name: g(5) };
        r.firstDate = g(6);
        r.lastDate = g(7);
        r.generatedAt = dh(g(8));
        if (!r.generatedAt) date(null, 8);
        r.version = g(9);
        if (r.version !== '001')
          issue(line, 'UNKNOWN_RECORD', `Versão do AEJ "${r.version}"; a Portaria 671 define "001".`, 'warning');
        break;
      case '02':
        r.reps.push({ id: n(1), kind: n(2) as 1 | 2 | 3, number: g(3) || null });
        break;
      case '03':
        r.bonds.push({ id: n(1), cpf: g(2), name: g(3) });
        break;
      case '04': {
        const pairs: AejSchedule['pairs'] = [];
        for (let i = 3; i + 1 < f.length; i += 2)
          if (g(i) || g(i + 1)) pairs.push({ entry: hm(g(i)), exit: hm(g(i + 1)) });
        r.schedules.push({ code: g(1), durationMinutes: n(2), pairs });
        break;
      }
      case '05': {
        const at = dh(g(2));
        if (!at) {
          date(null, 2);
          break;
        }
        r.marks.push({
          bondId: n(1),
          dateTime: at,
          repId: g(3) ? n(3) : null,
          kind: g(4) as AejMark['kind'],
          pair: n(5),
          source: g(6) as AejMark['source'],
          scheduleCode: g(7) || null,
          reason: g(8) || null,
        });
        break;
      }
      case '06':
        registrations.set(n(1), g(2));
        break;
      case '07':
        r.absences.push({
          bondId: n(1),
          kind: n(2) as AejAbsence['kind'],
          date: g(3),
          minutes: g(4) ? n(4) : null,
          hourBankMovement: g(5) ? (n(5) as 1 | 2) : null,
        });
        break;
      case '08':
        r.program = {
          name: g(1),
          version: g(2),
          developer: { idKind: n(3) as 1 | 2, id: g(4) },
          developerName: g(5),
          email: g(6),
        };
        break;
      case '99':
        trailerSeen = true;
        r.declared = {};
        for (let i = 1; i <= 8; i++) r.declared[`0${i}`] = n(i);
        break;
    }
  }
  for (const b of r.bonds) {
    const reg = registrations.get(b.id);
    if (reg !== undefined) b.esocialRegistration = reg;
  }
  if (r.declared) {
    const wrong = Object.entries(r.declared).filter(([t, v]) => (r.counts[t] ?? 0) !== v);
    if (wrong.length > 0) {
      issue(
        1,
        'TRAILER_COUNT',
        `Quantidades do registro 99 não conferem: ${wrong.map(([t, v]) => `${t}: ${v} declarados, ${r.counts[t] ?? 0} no arquivo`).join('; ')}.`,
        'warning',
      );
    }
  } else {
    issue(1, 'MISSING_TRAILER', 'O AEJ não tem o registro 99.', 'warning');
  }
  if (!r.employer) issue(1, 'MISSING_HEADER', 'O AEJ não tem o registro 01.', 'warning');
  return r;
}
