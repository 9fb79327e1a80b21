import { describe, expect, it } from 'vitest';
import { escalaApi } from '@jornada/contracts';
import { comPares, paresDe, semanaCompleta } from './dias';
import { faixaVazia } from './faixas';
import { horaOnBlur, maskHora } from './hora';
import { toFraction, toPercent } from './percent';

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
    for (const bad of ['24:00', '12:60', '8:30', '08:3', '0', 'ab:cd', '99:99']) expect(horaOnBlur(bad)).toBe('');
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
  it('has the seven rows Sunday to Saturday whatever a stored table holds', () => {
    const segunda = { ...escalaApi.diasVazios()[1]!, entrada1: '08:00', saida1: '12:00' };
    const semana = semanaCompleta([segunda]);
    expect(semana.map((d) => d.dia)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(semana[1]).toEqual(segunda);
    expect(semanaCompleta(undefined)).toEqual(escalaApi.diasVazios());
  });

  it('shows a third pair only when a row uses it, and drops it when going back to two', () => {
    const semana = escalaApi.diasVazios();
    expect(paresDe(semana)).toBe(2);
    semana[2] = { ...semana[2]!, saida3: '22:00' };
    expect(paresDe(semana)).toBe(3);
    expect(paresDe(comPares(semana, 2))).toBe(2);
    expect(comPares(semana, 3)).toEqual(semana);
  });

  it('a new band starts empty: the form asks for every field of it', () => {
    const f = faixaVazia(2);
    expect(f.tipo).toBe(2);
    expect(escalaApi.COLUNAS_FAIXA.every((c) => f[c] === null)).toBe(true);
    expect(f.ate).toBeNull();
  });
});
