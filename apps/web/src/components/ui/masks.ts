import { formatCnpj, formatCpf, formatPis, onlyDigits } from '@jornada/contracts';

/**
 * Masks and document formatting of seed 000 §5, in one place for the screens
 * to come (Empresas, Funcionários). The *_MASK strings are PrimeReact
 * InputMask patterns; the format functions render stored digits for tables.
 */
export const CELULAR_MASK = '(99) 99999-9999';
export const TELEFONE_MASK = '(99) 9999-9999';
// The seed writes 99-999-999, a typo for the Correios' 99999-999 (decision 0018).
export const CEP_MASK = '99999-999';

/** Seed 000 §9: CNPJ input at most 18 characters, CPF 14 (formatted). */
export const CNPJ_MAX_LENGTH = 18;
export const CPF_MAX_LENGTH = 14;
/** Seed 001 §2.6: the PIS input's mask 999.99999.99-9. */
export const PIS_MASK = '999.99999.99-9';

// The document formats live in the contracts beside the check digits.
export { formatCnpj, formatCpf, formatPis, onlyDigits };

/** A company document: CPF up to 11 digits, CNPJ beyond (seed 000 §5 auto-formatting). */
export function formatCpfCnpj(value: string): string {
  return onlyDigits(value).length > 11 ? formatCnpj(value) : formatCpf(value);
}

/** Fills a '9' pattern with digits as far as they go: ('(99) 9999-9999', '1133') → '(11) 33'. */
export function applyPattern(pattern: string, value: string): string {
  const digits = onlyDigits(value);
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= digits.length) break;
    if (ch === '9') out += digits[i++];
    else out += ch;
  }
  return out;
}

/** A phone: landline pattern up to 10 digits, mobile (9 digits after the area code) beyond. */
export function formatTelefone(value: string): string {
  return applyPattern(onlyDigits(value).length > 10 ? CELULAR_MASK : TELEFONE_MASK, value);
}

export interface MaskDef {
  /** What the input shows for a stored value (or for what the user typed). */
  format: (value: string) => string;
  /** What the form keeps: digits only, except the time whose wire form is 'HH:MM'. */
  toValue: (typed: string) => string;
  maxLength: number;
  placeholder?: string;
}

const digitsMask = (format: (v: string) => string, maxLength: number, placeholder?: string): MaskDef => ({
  format,
  toValue: (typed) => onlyDigits(format(typed)),
  maxLength,
  ...(placeholder ? { placeholder } : {}),
});

/** The masked inputs of seed 000 §5, by kind (MaskedControl). */
export const MASKS = {
  cpf: digitsMask(formatCpf, CPF_MAX_LENGTH),
  cnpj: digitsMask(formatCnpj, CNPJ_MAX_LENGTH),
  cpfCnpj: digitsMask(formatCpfCnpj, CNPJ_MAX_LENGTH),
  pis: digitsMask(formatPis, PIS_MASK.length, PIS_MASK),
  // A Telefone field takes a landline or a mobile number, never dropping the 11th digit (issue 24 §9).
  telefone: digitsMask(formatTelefone, CELULAR_MASK.length, TELEFONE_MASK),
  // The company form's Celular is a mobile number only (seed 000 §5).
  celular: digitsMask((v) => applyPattern(CELULAR_MASK, v), CELULAR_MASK.length, CELULAR_MASK),
  cep: digitsMask((v) => applyPattern(CEP_MASK, v), CEP_MASK.length, CEP_MASK),
  hora: {
    format: (v) => applyPattern('99:99', v),
    toValue: (t) => applyPattern('99:99', t),
    maxLength: 5,
    placeholder: 'hh:mm',
  },
} as const satisfies Record<string, MaskDef>;

export type MaskKind = keyof typeof MASKS;
