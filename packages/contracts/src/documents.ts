/**
 * Brazilian document numbers, checked the same way in the browser and on the
 * server (the form says 'CNPJ inválido' before sending; the server refuses it
 * all the same).
 */

/** Check digits of a CNPJ base (12 digits) — mod 11 with weights 2..9 (Receita Federal). */
export function cnpjCheckDigits(base12: string): string {
  const digit = (s: string) => {
    let sum = 0;
    let w = 2;
    for (let i = s.length - 1; i >= 0; i--) {
      sum += Number(s[i]) * w;
      w = w === 9 ? 2 : w + 1;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base12);
  const d2 = digit(base12 + d1);
  return `${d1}${d2}`;
}

/** A CNPJ with or without its mask: 14 digits, not all equal, with the right check digits. */
export function isValidCnpj(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  return cnpjCheckDigits(d.slice(0, 12)) === d.slice(12);
}
