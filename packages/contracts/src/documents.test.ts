import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  formatPis,
  isValidCnpj,
  isValidCpf,
  isValidPis,
  pisCheckDigit,
} from './documents.js';

describe('CNPJ (dígitos verificadores da Receita Federal)', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['45.723.174/0001-10', true],
    ['06.990.590/0001-23', true],
    ['11222333000182', false],
    ['11222333000191', false],
    ['1122233300018', false],
    ['112223330001811', false],
    ['00000000000000', false],
    ['11111111111111', false],
    ['', false],
    ['abcdefghijklmn', false],
  ])('%s → %s', (cnpj, valido) => expect(isValidCnpj(cnpj)).toBe(valido));

  it.each([
    ['112223330001', '81'],
    ['457231740001', '10'],
    ['112223330002', '62'],
  ])('base %s → dígitos %s', (base, dv) => expect(cnpjCheckDigits(base)).toBe(dv));
});

describe('CPF (dígitos verificadores da Receita Federal)', () => {
  it.each([
    ['123.456.789-09', true],
    ['12345678909', true],
    ['529.982.247-25', true],
    ['111.444.777-35', true],
    ['12345678900', false],
    ['52998224726', false],
    ['1234567890', false],
    ['00000000000', false],
    ['99999999999', false],
    ['', false],
  ])('%s → %s', (cpf, valido) => expect(isValidCpf(cpf)).toBe(valido));

  it.each([
    ['123456789', '09'],
    ['529982247', '25'],
    ['111444777', '35'],
  ])('base %s → dígitos %s', (base, dv) => expect(cpfCheckDigits(base)).toBe(dv));
});

describe('formatação', () => {
  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['112223', '11.222.3'],
  ])('CNPJ %s → %s', (v, out) => expect(formatCnpj(v)).toBe(out));
  it.each([
    ['12345678909', '123.456.789-09'],
    ['1234567', '123.456.7'],
  ])('CPF %s → %s', (v, out) => expect(formatCpf(v)).toBe(out));
});

describe('PIS', () => {
  it.each([
    ['12345678919', true],
    ['123.45678.91-9', true],
    ['12345678910', false],
    ['11111111111', false],
    ['1234567891', false],
    ['', false],
  ])('%s → %s', (pis, valido) => expect(isValidPis(pis)).toBe(valido));
  it('check digit 10 and 11 become 0', () => {
    // 1000000001: 3 + 2 = 5 → 11 − 5 = 6; 0000000013: 1·3 + 3·2 = 9 → 2; 0000000040: 4·3 = 12 → 11 − 1 = 10 → 0.
    expect(pisCheckDigit('1000000001')).toBe('6');
    expect(pisCheckDigit('0000000013')).toBe('2');
    expect(pisCheckDigit('0000000040')).toBe('0');
  });
  it('formats partial and whole numbers', () => {
    expect(formatPis('12345678919')).toBe('123.45678.91-9');
    expect(formatPis('1234')).toBe('123.4');
  });
});
