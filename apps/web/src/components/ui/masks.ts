/**
 * Masks and document formatting of seed 000 §5, in one place for the screens
 * to come (Empresas, Funcionários). The *_MASK strings are PrimeReact
 * InputMask patterns; the format functions render stored digits for tables.
 */
export const CELULAR_MASK = '(99) 99999-9999';
export const TELEFONE_MASK = '(99) 9999-9999';
// The seed writes the CEP mask as 99-999-999 (sic), kept as the product owner wrote it.
export const CEP_MASK = '99-999-999';

/** Seed 000 §9: CNPJ input at most 18 characters, CPF 14 (formatted). */
export const CNPJ_MAX_LENGTH = 18;
export const CPF_MAX_LENGTH = 14;

export const onlyDigits = (s: string): string => s.replace(/\D/g, '');

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

/** A company document: CPF up to 11 digits, CNPJ beyond (seed 000 §5 auto-formatting). */
export function formatCpfCnpj(value: string): string {
  return onlyDigits(value).length > 11 ? formatCnpj(value) : formatCpf(value);
}
