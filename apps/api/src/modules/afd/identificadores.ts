import { cpfCheckDigits, isValidCpf, isValidPis, pisCheckDigit } from '@jornada/fiscal';

/**
 * The employee identifier of an AFD punch: the 12-character field exactly as
 * the REP wrote it (fiscal-files.md §7). What it may mean depends on the REP,
 * not on the layout — Control iD REP-C units write PIS numbers in the 671
 * "CPF" field — so an import matches on every reading, never on the one the
 * layout names (decision 0045).
 */
export type TipoDocumento = 'cpf' | 'pis';

export interface Leitura {
  tipo: TipoDocumento;
  numero: string;
}

/**
 * Every candidate reading of the field (§7 import rule; art. 96 §2 of
 * Portaria 671): `0`+11 digits (or a left space) is a CPF and/or a PIS, by
 * which checks pass — both when both pass; PIS + a space; `9`+CPF; `8`+the
 * first ten CPF digits + a PIS-style check digit (the CPF rebuilt).
 */
export function leiturasDoCampo(campo: string): Leitura[] {
  if (campo.length !== 12) return [];
  if (campo.charCodeAt(11) === 32) {
    const pis = campo.slice(0, 11);
    return isValidPis(pis) ? [{ tipo: 'pis', numero: pis }] : [];
  }
  const lead = campo[0];
  const resto = campo.slice(1);
  if (lead === '0' || lead === ' ') {
    const out: Leitura[] = [];
    if (isValidCpf(resto)) out.push({ tipo: 'cpf', numero: resto });
    if (isValidPis(resto)) out.push({ tipo: 'pis', numero: resto });
    return out;
  }
  if (lead === '9') return isValidCpf(resto) ? [{ tipo: 'cpf', numero: resto }] : [];
  if (lead === '8' && /^\d{11}$/.test(resto)) {
    const dez = resto.slice(0, 10);
    if (pisCheckDigit(dez) !== Number(resto[10])) return [];
    // The CPF's second check digit is not written: rebuild it from the first nine.
    const cpf = dez + cpfCheckDigits(dez.slice(0, 9))[1]!;
    if (isValidCpf(cpf)) return [{ tipo: 'cpf', numero: cpf }];
  }
  return [];
}

/**
 * The inverse: every field a REP may have written for this CPF or PIS (the
 * forms `leiturasDoCampo` reads back as it). The late link of 'sem vínculo'
 * punches looks them up by these exact texts, on the identifier index.
 */
export function camposDoDocumento(l: Leitura): string[] {
  const n = l.numero;
  if (l.tipo === 'pis') return [`0${n}`, ` ${n}`, `${n} `];
  const dez = n.slice(0, 10);
  return [`0${n}`, ` ${n}`, `9${n}`, `8${dez}${pisCheckDigit(dez)}`];
}

/** The fields of a person with this CPF and PIS (PIS optional). */
export function camposDaPessoa(cpf: string, pis: string | null): string[] {
  return [
    ...camposDoDocumento({ tipo: 'cpf', numero: cpf }),
    ...(pis ? camposDoDocumento({ tipo: 'pis', numero: pis }) : []),
  ];
}

/** 123.456.789-01 / 123.45678.90-1, as messages show a reading. */
export function documentoFormatado(l: Leitura): string {
  const n = l.numero;
  return l.tipo === 'cpf'
    ? `CPF ${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6, 9)}-${n.slice(9)}`
    : `PIS ${n.slice(0, 3)}.${n.slice(3, 8)}.${n.slice(8, 10)}-${n.slice(10)}`;
}
