// One implementation for the browser and the server: the contracts' (issue 9 moved it there).
export { cnpjCheckDigits, isValidCnpj } from '@jornada/contracts';
