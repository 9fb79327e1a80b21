import { describe, expect, it } from 'vitest';
import { applyPattern, CEP_MASK, formatCnpj, formatCpf, formatCpfCnpj, formatTelefone, MASKS } from './masks';
import { formatDate, normalizeForSearch, toWireDate } from '../../shared/format';
import { filterRows } from './data-table';

describe('document masks (seed 000 §5)', () => {
  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    ['112223', '11.222.3'],
  ])('CNPJ %s → %s', (input, out) => expect(formatCnpj(input)).toBe(out));

  it.each([
    ['12345678909', '123.456.789-09'],
    ['1234567', '123.456.7'],
  ])('CPF %s → %s', (input, out) => expect(formatCpf(input)).toBe(out));

  it('PIS as 999.99999.99-9 (seed 001 §2.6), kept as digits', () => {
    expect(MASKS.pis.format('12345678919')).toBe('123.45678.91-9');
    expect(MASKS.pis.format('1234')).toBe('123.4');
    expect(MASKS.pis.toValue('123.45678.91-9x')).toBe('12345678919');
    expect(MASKS.pis.maxLength).toBe(14);
  });

  it('chooses CPF up to 11 digits and CNPJ beyond', () => {
    expect(formatCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(formatCpfCnpj('112223330001')).toBe('11.222.333/0001');
  });
});

describe('display formats (seed 000 §9)', () => {
  it('shows wire dates as dd/mm/yyyy and sends local days as yyyy-mm-dd', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate('2026-03-09T23:10:00')).toBe('09/03/2026');
    expect(formatDate(null)).toBe('');
    expect(toWireDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('filters case- and accent-insensitively', () => {
    expect(normalizeForSearch('  Técnico ')).toBe('tecnico');
    const rows = [
      { codigo: '1', nome: 'Técnico de Enfermagem' },
      { codigo: '2', nome: 'Motorista' },
    ];
    expect(filterRows(rows, 'tecnico', ['nome'])).toEqual([rows[0]]);
    expect(filterRows(rows, '2', ['codigo', 'nome'])).toEqual([rows[1]]);
    expect(filterRows(rows, ' ', ['nome'])).toEqual(rows);
  });
});

describe('pattern masks (seed 000 §5)', () => {
  it('fills a pattern as far as the digits go and ignores other characters', () => {
    expect(applyPattern(CEP_MASK, '01310200')).toBe('01310-200');
    expect(applyPattern(CEP_MASK, '013102')).toBe('01310-2');
    expect(applyPattern('99:99', 'a1b2c3')).toBe('12:3');
  });

  it('chooses the landline or the mobile pattern by length', () => {
    expect(formatTelefone('1133334444')).toBe('(11) 3333-4444');
    expect(formatTelefone('11933334444')).toBe('(11) 93333-4444');
  });

  it('keeps digits in the form, except the time', () => {
    expect(MASKS.cpfCnpj.toValue('11.222.333/0001-81')).toBe('11222333000181');
    expect(MASKS.hora.toValue('0830')).toBe('08:30');
  });
});
