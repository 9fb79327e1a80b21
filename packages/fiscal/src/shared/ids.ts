/**
 * Brazilian identifiers (CPF, CNPJ, PIS/PASEP/NIT) and the 12-character
 * employee field of the AFD/AFDT/ACJEF (spec fiscal-files.md §7).
 *
 * Repeated-digit sequences (00000000000, 11111111111, …) pass the modulo-11
 * arithmetic but are not issued by the Receita/Caixa; every validator in use
 * rejects them, and so do we (the placeholders `111111111111` in real device
 * files must not be taken for a person).
 */

const ZERO = 48;

function allDigits(s: string, length: number): boolean {
  if (s.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i) - ZERO;
    if (c < 0 || c > 9) return false;
  }
  return true;
}

function isRepeated(s: string): boolean {
  const first = s.charCodeAt(0);
  for (let i = 1; i < s.length; i++) if (s.charCodeAt(i) !== first) return false;
  return true;
}

/** mod-11 check digit with the CPF/CNPJ rule: remainder < 2 gives 0. */
function mod11Digit(s: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (s.charCodeAt(i) - ZERO) * (weights[i] as number);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const PIS_W = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two CPF check digits for 9 base digits (as a 2-character string). */
export function cpfCheckDigits(base9: string): string {
  const d1 = mod11Digit(base9, CPF_W1);
  const d2 = mod11Digit(base9 + String(d1), CPF_W2);
  return `${d1}${d2}`;
}

/** PIS/PASEP/NIT check digit over 10 digits: d = 11 - (sum mod 11), 10 and 11 give 0. */
export function pisCheckDigit(base10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (base10.charCodeAt(i) - ZERO) * (PIS_W[i] as number);
  const d = 11 - (sum % 11);
  return d >= 10 ? 0 : d;
}

export function isValidCpf(cpf: string): boolean {
  if (!allDigits(cpf, 11) || isRepeated(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

export function isValidPis(pis: string): boolean {
  if (!allDigits(pis, 11) || isRepeated(pis)) return false;
  return pisCheckDigit(pis) === pis.charCodeAt(10) - ZERO;
}

export function isValidCnpj(cnpj: string): boolean {
  if (!allDigits(cnpj, 14) || isRepeated(cnpj)) return false;
  const d1 = mod11Digit(cnpj, CNPJ_W1);
  const d2 = mod11Digit(cnpj.slice(0, 12) + String(d1), CNPJ_W2);
  return cnpj.charCodeAt(12) - ZERO === d1 && cnpj.charCodeAt(13) - ZERO === d2;
}

/**
 * How a 12-character employee field was filled (§7, art. 96 §2 of Portaria 671
 * as amended by Portaria 1.486/2022).
 * - `zero`: `0` + 11 digits (also a left space, seen on devices that pad N fields with spaces)
 * - `trailingSpace`: PIS + one space
 * - `nine`: `9` + CPF (person without PIS, REP that does not validate PIS)
 * - `eight`: `8` + first 10 CPF digits + PIS-style check digit (REP that validates PIS)
 */
export type IdentifierForm = 'zero' | 'trailingSpace' | 'nine' | 'eight';

export interface DecodedIdentifier {
  cpf: string | null;
  pis: string | null;
  form: IdentifierForm | null;
}

const INVALID: DecodedIdentifier = Object.freeze({ cpf: null, pis: null, form: null }) as DecodedIdentifier;

/**
 * Decode the 12-character field. `nominal` is what the layout says the field
 * holds (PIS in 1510/595, CPF in 671): a value passing both checks is read as
 * that. Returns cpf = pis = null when every accepted form fails.
 */
export function decodeEmployeeField(raw: string, nominal: 'cpf' | 'pis'): DecodedIdentifier {
  if (raw.length !== 12) return INVALID;
  const lead = raw.charCodeAt(0);
  if (raw.charCodeAt(11) === 32) {
    const pis = raw.slice(0, 11);
    return isValidPis(pis) ? { cpf: null, pis, form: 'trailingSpace' } : INVALID;
  }
  const rest = raw.slice(1);
  if (lead === ZERO || lead === 32) {
    const cpfOk = isValidCpf(rest);
    const pisOk = isValidPis(rest);
    if (cpfOk && pisOk) {
      return nominal === 'cpf' ? { cpf: rest, pis: null, form: 'zero' } : { cpf: null, pis: rest, form: 'zero' };
    }
    if (cpfOk) return { cpf: rest, pis: null, form: 'zero' };
    if (pisOk) return { cpf: null, pis: rest, form: 'zero' };
    return INVALID;
  }
  if (lead === ZERO + 9) {
    return isValidCpf(rest) ? { cpf: rest, pis: null, form: 'nine' } : INVALID;
  }
  if (lead === ZERO + 8) {
    if (!allDigits(rest, 11)) return INVALID;
    const first10 = rest.slice(0, 10);
    if (pisCheckDigit(first10) !== rest.charCodeAt(10) - ZERO) return INVALID;
    // Rebuild the CPF: the 10th digit given must be the CPF's first check digit.
    const digits = cpfCheckDigits(first10.slice(0, 9));
    if (digits[0] !== first10[9]) return INVALID;
    const cpf = first10 + (digits[1] as string);
    return isValidCpf(cpf) ? { cpf, pis: null, form: 'eight' } : INVALID;
  }
  return INVALID;
}

/** Employee identity given to the writers: PIS when the person has one, CPF otherwise. */
export interface EmployeeIdentity {
  cpf?: string | null;
  pis?: string | null;
}

/**
 * Fill the 1510-era 12-character PIS field (AFDT/ACJEF, 1510 AFD): `0` + PIS
 * when there is a PIS; otherwise art. 96 §2 form II (`9` + CPF), or form III
 * (`8` + 10 CPF digits + PIS-style digit) when `cpfForm` is 8.
 */
export function encodePisField(id: EmployeeIdentity, cpfForm: 8 | 9 = 9): string {
  if (id.pis) {
    if (!isValidPis(id.pis)) throw new RangeError(`PIS inválido: ${id.pis}`);
    return `0${id.pis}`;
  }
  if (id.cpf) {
    if (!isValidCpf(id.cpf)) throw new RangeError(`CPF inválido: ${id.cpf}`);
    if (cpfForm === 9) return `9${id.cpf}`;
    const first10 = id.cpf.slice(0, 10);
    return `8${first10}${pisCheckDigit(first10)}`;
  }
  throw new RangeError('Empregado sem PIS e sem CPF');
}
