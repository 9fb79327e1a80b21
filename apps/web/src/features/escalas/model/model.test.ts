import { describe, expect, it } from 'vitest';
import { anosBancoHoras } from './banco-horas';
import { DIAS_SEMANA, comPares, copiarPrimeiroDia, paresDe, semanaVazia, type DiaLinha } from './dias';
import { faixaCompleta, faixaPadrao } from './faixas';
import { horaOnBlur, isHora, maskHora } from './hora';
import { toFraction, toPercent } from './percent';
import { PRESETS, linhasDoPreset } from './presets';

const minutos = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));

/** Planned minutes of a week (the pairs never cross midnight in the presets). */
function minutosSemana(linhas: readonly DiaLinha[]): number {
  let total = 0;
  for (const l of linhas) {
    for (const [e, s] of [
      [l.entrada1, l.saida1],
      [l.entrada2, l.saida2],
      [l.entrada3, l.saida3],
    ] as const) {
      if (e && s) total += minutos(s) - minutos(e);
    }
  }
  return total;
}

describe('HH:MM fields (seed 001 §5)', () => {
  it('lays the digits into 99:99, at most 5 characters', () => {
    expect(maskHora('0')).toBe('0');
    expect(maskHora('08')).toBe('08');
    expect(maskHora('083')).toBe('08:3');
    expect(maskHora('0830')).toBe('08:30');
    expect(maskHora('083099')).toBe('08:30');
    expect(maskHora('ab12:3c4')).toBe('12:34');
  });

  it('keeps a valid time on blur and clears anything else', () => {
    expect(horaOnBlur('00:00')).toBe('00:00');
    expect(horaOnBlur('23:59')).toBe('23:59');
    expect(horaOnBlur('07:33')).toBe('07:33');
    for (const bad of ['24:00', '12:60', '8:30', '08:3', '0', 'ab:cd', '99:99']) {
      expect(isHora(bad)).toBe(false);
      expect(horaOnBlur(bad)).toBe('');
    }
  });
});

describe('percentages (seed 001 §5: shown as percent, sent as fractions)', () => {
  it('divides by 100 on the way out and multiplies on the way in, without float noise', () => {
    expect(toFraction(50)).toBe(0.5);
    expect(toFraction(100)).toBe(1);
    expect(toFraction(7)).toBe(0.07);
    expect(toFraction(12.5)).toBe(0.125);
    expect(toFraction(null)).toBeNull();
    expect(toPercent(0.07)).toBe(7);
    expect(toPercent(0.29)).toBe(29);
    expect(toPercent(1.15)).toBe(115);
    expect(toPercent(null)).toBeNull();
    expect(toPercent(undefined)).toBeNull();
    for (const p of [0, 1, 7, 29, 33.33, 50, 57, 100, 150]) expect(toPercent(toFraction(p))).toBe(p);
  });
});

describe('the week of a time table', () => {
  it('starts on Monday and ends on Sunday (dia 1 is Sunday)', () => {
    expect(DIAS_SEMANA.map((d) => d.dia)).toEqual([2, 3, 4, 5, 6, 7, 1]);
    expect(DIAS_SEMANA[0]!.label).toBe('Segunda');
  });

  it('copies the first day to Monday–Friday, leaving Saturday and Sunday alone', () => {
    const semana = semanaVazia();
    semana[0] = { ...semana[0]!, entrada1: '08:00', saida1: '12:00', entrada2: '13:00', saida2: '17:00' };
    semana[5] = { ...semana[5]!, entrada1: '08:00', saida1: '12:00' };
    semana[3] = { ...semana[3]!, horarioFlexivel: true, entrada1: '10:00' };
    const copiada = copiarPrimeiroDia(semana);
    for (const l of copiada.slice(0, 5)) {
      expect(l).toEqual({ ...semana[0]!, dia: l.dia });
    }
    expect(copiada[5]).toEqual(semana[5]);
    expect(copiada[6]).toEqual(semana[6]);
  });

  it('shows a third pair only when a row uses it, and drops it when going back to two', () => {
    const semana = semanaVazia();
    expect(paresDe(semana)).toBe(2);
    semana[2] = { ...semana[2]!, saida3: '22:00' };
    expect(paresDe(semana)).toBe(3);
    expect(paresDe(comPares(semana, 2))).toBe(2);
    expect(comPares(semana, 3)).toEqual(semana);
  });
});

describe('the six pre-set tables (seed 001 §9)', () => {
  it('are the seed six, in its order', () => {
    expect(PRESETS.map((p) => p.label)).toEqual([
      'Personalizado com um intervalo',
      'Personalizado com dois intervalos',
      '40h 09:00-18:00 Seg-Sex',
      '40h 08:00-17:00 Seg-Sex',
      '40h 08:00-16:00 Seg-Sáb',
      '44h 08:00-17:00 Seg-Sáb',
    ]);
  });

  it('the custom ones are empty; two intervals show the third pair', () => {
    expect(linhasDoPreset(PRESETS[0]!)).toEqual(semanaVazia());
    expect(linhasDoPreset(PRESETS[1]!)).toEqual(semanaVazia());
    expect(PRESETS[0]!.pares).toBe(2);
    expect(PRESETS[1]!.pares).toBe(3);
  });

  it('each named table plans the hours of its name, on the days of its name, within its span', () => {
    for (const p of PRESETS.slice(2)) {
      const [, horas, inicio, fim, dias] = /^(\d+)h (\d\d:\d\d)-(\d\d:\d\d) (Seg-Sex|Seg-Sáb)$/.exec(p.label)!;
      const linhas = linhasDoPreset(p);
      expect(minutosSemana(linhas), p.label).toBe(Number(horas) * 60);
      const trabalhados = linhas.filter((l) => l.entrada1 !== '').map((l) => l.dia);
      expect(trabalhados, p.label).toEqual(dias === 'Seg-Sex' ? [2, 3, 4, 5, 6] : [2, 3, 4, 5, 6, 7]);
      const segunda = linhas[0]!;
      expect([segunda.entrada1, segunda.saida2], p.label).toEqual([inicio, fim]);
      for (const l of linhas) {
        for (const h of [l.entrada1, l.saida1, l.entrada2, l.saida2]) if (h) expect(isHora(h)).toBe(true);
      }
    }
  });
});

describe('overtime bands and the hour bank', () => {
  it('the default band is up to 99 h, 50 % Monday–Saturday and 100 % Sunday, holiday and day off', () => {
    expect(faixaPadrao(1)).toEqual({
      tipo: 1,
      ate: 99,
      segunda: 50,
      terca: 50,
      quarta: 50,
      quinta: 50,
      sexta: 50,
      sabado: 50,
      domingo: 100,
      feriado: 100,
      folga: 100,
    });
    expect(faixaCompleta(faixaPadrao(2))).toBe(true);
    expect(faixaCompleta({ ...faixaPadrao(1), feriado: null })).toBe(false);
    expect(faixaCompleta({ ...faixaPadrao(1), ate: null })).toBe(false);
  });

  it('offers the years from ten before to twenty after the current one', () => {
    const anos = anosBancoHoras(2026);
    expect(anos[0]).toBe(2016);
    expect(anos.at(-1)).toBe(2046);
    expect(anos).toHaveLength(31);
  });
});
