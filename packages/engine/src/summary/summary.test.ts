import { describe, expect, it } from 'vitest';
import { bankFields, bankTotalsList } from './bank-fields.js';
import { dsrReflex, monthRestDays } from './reflex.js';
import { parseDate } from '../model/civil.js';

describe('monthly bank fields (spec §17.3)', () => {
  it('computes MON-01', () => {
    const f = bankFields(
      600,
      [
        { minutes: 60, negative: false },
        { minutes: 30, negative: true },
      ],
      [135, 0],
      [30],
    );
    expect(f).toEqual({
      saldoAnteriorBH: 600,
      saldoCreditoLancado: 60,
      saldoDebitoLancado: 30,
      creditosBH: 135,
      debitosBH: 30,
      totalCreditos: 765,
      saldoFinal: 735,
    });
    expect(bankTotalsList(f).map((x) => x.valor)).toEqual([600, 30, 60, 135, 765, 30, 735]);
  });
});

describe('DSR reflex (Súmula 172, spec §17.2)', () => {
  it.each([
    ['2025-04', 1, ['2025-04-21'], [], 5, 25],
    ['2025-05', 1, ['2025-05-01'], [], 5, 26],
    ['2025-11', 1, ['2025-11-02', '2025-11-15', '2025-11-20'], [], 7, 23],
    ['2025-05', 2, ['2025-05-01'], ['2025-05-03', '2025-05-10', '2025-05-01', '2025-06-01'], 3, 28],
  ] as [string, 1 | 2, string[], string[], number, number][])(
    '%s pagarDSR %i → rest %i, working %i',
    (m, pagar, hol, off, rest, working) => {
      expect(monthRestDays(m, pagar, hol.map(parseDate), off.map(parseDate))).toEqual({
        restDays: rest,
        workingDays: working,
      });
    },
  );
  it('rounds each percentage half up (MON-02)', () => {
    expect(dsrReflex(5, 25, { '50': 600, '100': 100, '70': 0 }).reflexByPercent).toEqual({ '50': 120, '100': 20 });
    expect(dsrReflex(5, 26, { '50': 300 }).reflexByPercent).toEqual({ '50': 58 });
  });
});
