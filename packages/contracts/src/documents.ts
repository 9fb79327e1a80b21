/**
 * Brazilian company and person documents (Receita Federal): check digits of
 * CNPJ and CPF. In the contracts so the browser and the server refuse the same
 * numbers with the same words (the company form's schema uses them).
 */

export const onlyDigits = (s: string): string => s.replace(/\D/g, '');

/** Mod 11 with weights cycling 2..`maxWeight` from the right; remainder < 2 gives 0. */
function mod11Digit(digits: string, maxWeight: number): number {
  let sum = 0;
  let w = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * w;
    w = w === maxWeight ? 2 : w + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Check digits of a CNPJ base (12 digits): weights 2..9. */
export function cnpjCheckDigits(base12: string): string {
  const d1 = mod11Digit(base12, 9);
  const d2 = mod11Digit(base12 + d1, 9);
  return `${d1}${d2}`;
}

/** Check digits of a CPF base (9 digits): weights 2..11 (i.e. 10..2 and 11..2 from the left). */
export function cpfCheckDigits(base9: string): string {
  const d1 = mod11Digit(base9, 11);
  const d2 = mod11Digit(base9 + d1, 11);
  return `${d1}${d2}`;
}

/** 14 digits, not all equal, with the right check digits (punctuation is ignored). */
export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  return cnpjCheckDigits(d.slice(0, 12)) === d.slice(12);
}

/** 11 digits, not all equal, with the right check digits (punctuation is ignored). */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return cpfCheckDigits(d.slice(0, 9)) === d.slice(9);
}

/** 11222333000181 → 11.222.333/0001-81 (partial input is formatted as far as it goes). */
export function formatCnpj(value: string): string {
  const d = onlyDigits(value).slice(0, 14);
  return d
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1/$2')
    .replace(/(\d{4})(\d)/, '$1-$2');
}

/** 12345678909 → 123.456.789-09 (partial input is formatted as far as it goes). */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/**
 * PIS/PASEP/NIT check digit (Caixa): weights 3,2,9,8,7,6,5,4,3,2 over the first
 * ten digits; 11 − (sum mod 11), where 10 and 11 give 0.
 */
export function pisCheckDigit(base10: string): string {
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(base10[i]) * (weights[i] ?? 0);
  const d = 11 - (sum % 11);
  return String(d >= 10 ? 0 : d);
}

/** 11 digits, not all equal, with the right check digit (punctuation is ignored). */
export function isValidPis(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return pisCheckDigit(d.slice(0, 10)) === d.slice(10);
}

/** 12345678919 → 123.45678.91-9, the PIS display of seed 001 §3 (partial input as far as it goes). */
export function formatPis(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{5})(\d)/, '$1.$2.$3')
    .replace(/^(\d{3})\.(\d{5})\.(\d{2})(\d)/, '$1.$2.$3-$4');
}
