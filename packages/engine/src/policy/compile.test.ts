import { describe, expect, it } from 'vitest';
import { compilePolicy, parseFactor } from './compile.js';

describe('policy compilation (spec §3)', () => {
  it('applies the seed defaults', () => {
    const p = compilePolicy({});
    expect(p.horasDSR).toBe(453);
    expect(p.nightStart).toBe(1320);
    expect(p.nightEnd).toBe(300);
    expect(p.nightHourTenths).toBe(525);
    expect(p.tempoInterjornada).toBe(660);
    expect(p.mealMode).toBe(4);
    expect(p.bank).toBeNull();
    expect(p.bandsDay).toHaveLength(1);
    expect(p.bandsDay[0]!.upTo).toBe(Infinity);
    expect(p.bandsNight).toHaveLength(0);
  });

  it('caps configured tolerances at the legal limits (art. 58 §1, STF ARE 1.121.633)', () => {
    const p = compilePolicy({
      atrasoMaximoDiaMinuto: 30,
      saidaAntecipadaMaximoDiaMinuto: 3,
      excessoIRMaximoDiaMinuto: 8,
      toleranciaInicioHoraExtra: 45,
    });
    expect([p.tolAtraso, p.tolSaida, p.tolExcesso, p.tolOvertime]).toEqual([5, 3, 5, 10]);
  });

  it('accepts a decimal comma in duracaoHoraNoturna', () => {
    expect(compilePolicy({ duracaoHoraNoturna: '52,5' as unknown as number }).nightHourTenths).toBe(525);
  });

  it('treats parametroRefeicao 1 as 4 (spec §3.2)', () => {
    expect(compilePolicy({ parametroRefeicao: 1 }).mealMode).toBe(4);
    expect(compilePolicy({ parametroRefeicao: 3 }).mealMode).toBe(3);
  });

  it('sorts bands by ate and makes the last unlimited', () => {
    const b = (ate: number | string, pct: number) => ({
      tipo: 1,
      ate,
      segunda: pct,
      terca: pct,
      quarta: pct,
      quinta: pct,
      sexta: pct,
      sabado: pct,
      domingo: pct,
      feriado: pct,
      folga: pct,
    });
    const p = compilePolicy({ faixasHoraExtra: [b(3, 100), b('01:30', 50), b(2, 75)] });
    expect(p.bandsDay.map((x) => x.upTo)).toEqual([90, 120, Infinity]);
    expect(p.bandsDay.map((x) => x.percent.terca)).toEqual([50, 75, 100]);
  });

  it.each([
    ['1,5', null, 3, 2],
    ['1.5', null, 3, 2],
    ['2', null, 2, 1],
    ['1:30', null, 3, 2],
    ['1.25', null, 5, 4],
    [null, 50, 3, 2],
    [null, 100, 2, 1],
    ['', '', 1, 1],
    [null, null, 1, 1],
  ])('transfer factor fator=%s faixa=%s → %i/%i', (fator, faixa, num, den) => {
    expect(parseFactor(fator, faixa)).toEqual({ num, den });
  });

  it('compiles the hour bank with limits and period', () => {
    const p = compilePolicy({
      incluirBancoHoras: true,
      politicaBancoHora: { periodoInicial: '01/2025', periodoFinal: '06/2025' },
      bancoHoraArmazenamento: {
        faltas: true,
        Terca: { horaExtra: true, limiteHE: '01:00' },
        Sabados: { horaExtra: true, limiteHE: '00:00' },
      },
      bancoHoraTransferencia: { fatorTerca: '1,5' },
    });
    expect(p.bank!.storeFalta).toBe(true);
    expect(p.bank!.overtime.Terca).toEqual({ enabled: true, limit: 60, factor: { num: 3, den: 2 } });
    expect(p.bank!.overtime.Sabados.limit).toBe(0);
    expect(p.bank!.overtime.Segunda.limit).toBe(Infinity);
    expect(p.bank!.fromMonth).toBe(2025 * 12);
    expect(p.bank!.toMonth).toBe(2025 * 12 + 5);
  });
});
