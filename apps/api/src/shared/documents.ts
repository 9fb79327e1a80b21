// The check digits live in the contracts, so the browser and the server refuse the same numbers.
export { cnpjCheckDigits, cpfCheckDigits, isValidCnpj, isValidCpf } from '@jornada/contracts';
