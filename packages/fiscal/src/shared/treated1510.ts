/**
 * What AFDT and ACJEF share (spec §9, §10): the 215-byte header, the record
 * sequence in field 1 (header = 000000001, open point 7) and the trailer.
 */
import { partyDigits, type Employer } from './employer.js';
import { alpha, ddmmyyyy, digitsOnly, FiscalInputError, hhmm, num } from './text.js';

export interface Treated1510Header {
  employer: Employer;
  firstDate: string;
  lastDate: string;
  /** Local wall-clock `YYYY-MM-DDTHH:MM` (1510 files carry no offset). */
  generatedAt: string;
}

export function seq(n: number): string {
  return num(n, 9, 'Sequencial do registro');
}

export function treatedHeaderLine(h: Treated1510Header): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(h.generatedAt);
  if (!m) throw new FiscalInputError([`Data/hora de geração inválida "${h.generatedAt}"`]);
  return (
    seq(1) +
    '1' +
    String(h.employer.idKind) +
    num(partyDigits(h.employer, 'Empregador'), 14) +
    num(h.employer.ceiOrCno ? digitsOnly(h.employer.ceiOrCno) : null, 12, 'CEI') +
    alpha(h.employer.name, 150) +
    ddmmyyyy(h.firstDate, 'Data inicial') +
    ddmmyyyy(h.lastDate, 'Data final') +
    ddmmyyyy(m[1] as string, 'Data de geração') +
    hhmm(m[2] as string, 'Hora de geração')
  );
}

export function treatedTrailerLine(sequence: number): string {
  return `${seq(sequence)}9`;
}

/** `ddmmaaaa` → `YYYY-MM-DD` (no calendar check; readers check separately). */
export function dmyToIso(s: string): string {
  return `${s.slice(4, 8)}-${s.slice(2, 4)}-${s.slice(0, 2)}`;
}

export interface TreatedHeaderRead {
  employer: Employer;
  firstDate: string;
  lastDate: string;
  generatedAt: string;
}

export function readTreatedHeader(s: string): TreatedHeaderRead {
  const cei = s.slice(25, 37).trim();
  return {
    employer: {
      idKind: Number(s[10]) as 1 | 2,
      id: s.slice(11, 25),
      ceiOrCno: cei === '' || /^0+$/.test(cei) ? null : cei,
      name: s.slice(37, 187).trimEnd(),
    },
    firstDate: dmyToIso(s.slice(187, 195)),
    lastDate: dmyToIso(s.slice(195, 203)),
    generatedAt: `${dmyToIso(s.slice(203, 211))}T${s.slice(211, 213)}:${s.slice(213, 215)}`,
  };
}
