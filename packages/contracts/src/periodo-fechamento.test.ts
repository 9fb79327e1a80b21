import { describe, expect, it } from 'vitest';
import {
  diaFinalPara,
  periodoFechamento,
  periodoFechamentoDaData,
  problemaDiasFechamento,
  type DiasFechamento,
} from './periodo-fechamento.js';

const dias = (diaInicioFechamento: number, diaFinalFechamento: number): DiasFechamento => ({
  diaInicioFechamento,
  diaFinalFechamento,
});

describe('período de fechamento (decisão 0019)', () => {
  it.each([
    // [início, fim, ano, mês, primeiro dia, último dia]
    [1, 31, 2026, 3, '2026-03-01', '2026-03-31'],
    [1, 31, 2026, 2, '2026-02-01', '2026-02-28'],
    [1, 31, 2028, 2, '2028-02-01', '2028-02-29'],
    [1, 31, 2026, 4, '2026-04-01', '2026-04-30'],
    [21, 20, 2026, 3, '2026-02-21', '2026-03-20'],
    [21, 20, 2026, 1, '2025-12-21', '2026-01-20'],
    [26, 25, 2027, 12, '2027-11-26', '2027-12-25'],
    [16, 15, 2026, 2, '2026-01-16', '2026-02-15'],
    [2, 1, 2026, 3, '2026-02-02', '2026-03-01'],
    // End days beyond a short month mean its last day; the next period starts the day after.
    [30, 29, 2026, 2, '2026-01-30', '2026-02-28'],
    [30, 29, 2026, 3, '2026-03-01', '2026-03-29'],
    [30, 29, 2028, 2, '2028-01-30', '2028-02-29'],
    [30, 29, 2028, 3, '2028-03-01', '2028-03-29'],
    [31, 30, 2026, 3, '2026-03-01', '2026-03-30'],
    [31, 30, 2026, 4, '2026-03-31', '2026-04-30'],
    [31, 30, 2026, 5, '2026-05-01', '2026-05-30'],
    [29, 28, 2028, 3, '2028-02-29', '2028-03-28'],
    [29, 28, 2026, 3, '2026-03-01', '2026-03-28'],
  ])('%i a %i, %i-%i → %s a %s', (ini, fim, ano, mes, primeiro, ultimo) => {
    expect(periodoFechamento(dias(ini, fim), ano, mes)).toEqual({ ano, mes, inicio: primeiro, fim: ultimo });
  });

  it.each([
    [1, 31, '2026-03-31', 2026, 3],
    [1, 31, '2026-01-01', 2026, 1],
    [21, 20, '2026-03-20', 2026, 3],
    [21, 20, '2026-03-21', 2026, 4],
    [21, 20, '2026-12-25', 2027, 1],
    [31, 30, '2026-03-31', 2026, 4],
    [31, 30, '2026-04-30', 2026, 4],
    [31, 30, '2026-05-01', 2026, 5],
    [29, 28, '2028-02-29', 2028, 3],
    [30, 29, '2026-02-28', 2026, 2],
  ])('%i a %i: o dia %s pertence ao período de %i-%i', (ini, fim, data, ano, mes) => {
    const p = periodoFechamentoDaData(dias(ini, fim), data);
    expect([p.ano, p.mes]).toEqual([ano, mes]);
    expect(p.inicio <= data && data <= p.fim).toBe(true);
  });

  it.each([
    [1, 31],
    [21, 20],
    [31, 30],
    [30, 29],
    [29, 28],
    [2, 1],
  ])('%i a %i: os períodos de 2025 a 2029 cobrem cada dia exatamente uma vez', (ini, fim) => {
    let anterior = periodoFechamento(dias(ini, fim), 2025, 1);
    for (let i = 1; i < 60; i++) {
      const ano = 2025 + Math.floor(i / 12);
      const mes = (i % 12) + 1;
      const p = periodoFechamento(dias(ini, fim), ano, mes);
      const dayAfter = new Date(`${anterior.fim}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(p.inicio, `${ano}-${mes}`).toBe(dayAfter.toISOString().slice(0, 10));
      expect(p.inicio <= p.fim).toBe(true);
      anterior = p;
    }
  });

  it.each([
    [1, 31, undefined],
    [21, 20, undefined],
    [31, 30, undefined],
    [2, 1, undefined],
    [0, 31, 'Os dias do período de fechamento devem estar entre 1 e 31.'],
    [1, 32, 'Os dias do período de fechamento devem estar entre 1 e 31.'],
    [1.5, 31, 'Os dias do período de fechamento devem estar entre 1 e 31.'],
    [1, 30, 'Um período que começa no dia 1 termina no dia 31 (o mês inteiro).'],
    [21, 25, 'Um período que começa no dia 21 termina no dia 20 do mês seguinte.'],
    [31, 31, 'Um período que começa no dia 31 termina no dia 30 do mês seguinte.'],
  ])('dias %s a %s → %s', (ini, fim, problema) => {
    expect(problemaDiasFechamento(dias(ini, fim))).toBe(problema);
  });

  it('diz o dia final que acompanha cada dia inicial', () => {
    expect([1, 2, 21, 31].map(diaFinalPara)).toEqual([31, 1, 20, 30]);
  });

  it('recusa dias, meses e datas inválidos', () => {
    expect(() => periodoFechamento(dias(21, 25), 2026, 3)).toThrow(RangeError);
    expect(() => periodoFechamento(dias(1, 31), 2026, 13)).toThrow(RangeError);
    expect(() => periodoFechamentoDaData(dias(1, 31), '2026-02-30')).toThrow(RangeError);
    expect(() => periodoFechamentoDaData(dias(1, 31), '30/03/2026')).toThrow(RangeError);
  });
});
