import { describe, expect, it } from 'vitest';
import {
  cpfCheckDigits,
  decodeEmployeeField,
  encodePisField,
  isValidCnpj,
  isValidCpf,
  isValidPis,
  pisCheckDigit,
} from '../src/shared/ids.js';

describe('CPF', () => {
  it.each([
    ['52998224725', true],
    ['11144477735', true],
    ['12345678909', true],
    ['98765432100', true],
    ['04784026940', true],
    ['52998224724', false],
    ['12345678900', false],
    ['11111111111', false], // repeated digits pass the arithmetic but are never issued
    ['00000000000', false],
    ['5299822472', false],
    ['529982247250', false],
    ['5299822472a', false],
  ])('%s → %s', (cpf, ok) => expect(isValidCpf(cpf)).toBe(ok));

  it('check digits: remainder below 2 gives 0', () => {
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(cpfCheckDigits('987654321')).toBe('00');
  });
});

describe('PIS', () => {
  it.each([
    ['12056412545', true],
    ['17000000013', true],
    ['21394413442', true], // Control iD REP-C writes PIS in the 671 "CPF" field (spec §7)
    ['26963870525', true],
    ['04784026940', true], // also a valid CPF
    ['12056412546', false],
    ['11111111111', false],
    ['00000000000', false],
    ['1205641254', false],
  ])('%s → %s', (pis, ok) => expect(isValidPis(pis)).toBe(ok));

  it('the check digit is 0 when 11 - (sum mod 11) is 10 or 11', () => {
    // 1234567890: 3+4+27+32+35+36+35+32+27+0 = 231, 231 mod 11 = 0 → 11 → 0
    expect(pisCheckDigit('1234567890')).toBe(0);
  });
});

describe('CNPJ', () => {
  it.each([
    ['11222333000181', true],
    ['11444777000161', true],
    ['08238299000129', true], // Control iD
    ['11222333000182', false],
    ['00000000000000', false],
    ['1122233300018', false],
  ])('%s → %s', (cnpj, ok) => expect(isValidCnpj(cnpj)).toBe(ok));
});

describe('12-character employee field (spec §7, art. 96 §2)', () => {
  it.each([
    // raw, nominal, cpf, pis, form
    ['012056412545', 'pis', null, '12056412545', 'zero'],
    ['17000000013 ', 'pis', null, '17000000013', 'trailingSpace'],
    ['911144477735', 'pis', '11144477735', null, 'nine'],
    ['812345678900', 'pis', '12345678909', null, 'eight'],
    ['052998224725', 'cpf', '52998224725', null, 'zero'],
    ['052998224725', 'pis', '52998224725', null, 'zero'], // only a CPF passes: read as CPF even in a PIS field
    ['021394413442', 'cpf', null, '21394413442', 'zero'], // only a PIS passes: read as PIS even in a CPF field
    ['004784026940', 'cpf', '04784026940', null, 'zero'], // both pass: what the 671 field nominally holds
    ['004784026940', 'pis', null, '04784026940', 'zero'], // both pass: what the 1510 field nominally holds
    [' 12056412545', 'pis', null, '12056412545', 'zero'], // left space padding (spec §2)
  ] as const)('%s as %s', (raw, nominal, cpf, pis, form) => {
    expect(decodeEmployeeField(raw, nominal)).toEqual({ cpf, pis, form });
  });

  it.each([
    '111111111111', // leading 1: no accepted form
    '011111111111', // repeated digits
    '900000000022', // 9 + an invalid CPF (the 595 sample)
    '911111100000',
    '812345678901', // wrong PIS-style digit
    '812345678100', // 10th digit is not the CPF's first check digit... and PIS digit mismatch
    '12056412546 ',
    '000000000000',
    '0120564125 5',
    '01205641254',
    'ABCDEFGHIJKL',
  ])('%s fails every form', (raw) => {
    expect(decodeEmployeeField(raw, 'pis')).toEqual({ cpf: null, pis: null, form: null });
    expect(decodeEmployeeField(raw, 'cpf')).toEqual({ cpf: null, pis: null, form: null });
  });

  it('form 8 needs the 10th digit to be the first CPF check digit', () => {
    // 1234567891 has a valid PIS-style digit (sum 231 + 2 = 233, 233 mod 11 = 2 → 9)
    expect(pisCheckDigit('1234567891')).toBe(9);
    expect(decodeEmployeeField('812345678919', 'pis').form).toBeNull();
  });

  it('encodes the PIS field for the writers', () => {
    expect(encodePisField({ pis: '12056412545' })).toBe('012056412545');
    expect(encodePisField({ cpf: '11144477735' })).toBe('911144477735');
    expect(encodePisField({ cpf: '12345678909' }, 8)).toBe('812345678900');
    expect(encodePisField({ pis: '12056412545', cpf: '11144477735' })).toBe('012056412545');
    expect(() => encodePisField({})).toThrow();
    expect(() => encodePisField({ cpf: '12345678900' })).toThrow();
  });
});
