import { isValidCnpj, isValidCpf } from './ids.js';
import { FiscalInputError } from './text.js';

/** Employer (or developer/maker) identity: `1` CNPJ, `2` CPF (spec §4-§6, §11 tpIdt*). */
export interface PartyId {
  idKind: 1 | 2;
  /** Digits only (formatting characters are removed). */
  id: string;
}

export interface Employer extends PartyId {
  name: string;
  /** CEI (1510 files, 12) or CNO/CAEPF (671 AFD, 14); null when the employer has none. */
  ceiOrCno?: string | null;
}

/** Checked document number, digits only. */
export function partyDigits(p: PartyId, what: string): string {
  const d = p.id.replace(/\D/g, '');
  const ok = p.idKind === 1 ? isValidCnpj(d) : isValidCpf(d);
  if (!ok) throw new FiscalInputError([`${what}: ${p.idKind === 1 ? 'CNPJ' : 'CPF'} inválido "${p.id}"`]);
  return d;
}

export function cpfDigits(cpf: string, what: string): string {
  const d = cpf.replace(/\D/g, '');
  if (!isValidCpf(d)) throw new FiscalInputError([`${what}: CPF inválido "${cpf}"`]);
  return d;
}
