import { describe, expect, it } from 'vitest';
import {
  addDays,
  dataDaRegra,
  domingoDePascoa,
  feriadosNacionais,
  feriadosOpcionais,
  isCivilDate,
  isLeapYear,
} from './calendario.js';

// Easter Sundays from published tables (Gregorian), including the extremes 22 March and 25 April.
const PASCOA: readonly [number, string][] = [
  [1583, '1583-04-10'],
  [1700, '1700-04-11'],
  [1818, '1818-03-22'],
  [1886, '1886-04-25'],
  [1900, '1900-04-15'],
  [1943, '1943-04-25'],
  [1954, '1954-04-18'],
  [1961, '1961-04-02'],
  [1974, '1974-04-14'],
  [1981, '1981-04-19'],
  [1999, '1999-04-04'],
  [2000, '2000-04-23'],
  [2001, '2001-04-15'],
  [2002, '2002-03-31'],
  [2003, '2003-04-20'],
  [2004, '2004-04-11'],
  [2005, '2005-03-27'],
  [2006, '2006-04-16'],
  [2007, '2007-04-08'],
  [2008, '2008-03-23'],
  [2009, '2009-04-12'],
  [2010, '2010-04-04'],
  [2011, '2011-04-24'],
  [2012, '2012-04-08'],
  [2013, '2013-03-31'],
  [2014, '2014-04-20'],
  [2015, '2015-04-05'],
  [2016, '2016-03-27'],
  [2017, '2017-04-16'],
  [2018, '2018-04-01'],
  [2019, '2019-04-21'],
  [2020, '2020-04-12'],
  [2021, '2021-04-04'],
  [2022, '2022-04-17'],
  [2023, '2023-04-09'],
  [2024, '2024-03-31'],
  [2025, '2025-04-20'],
  [2026, '2026-04-05'],
  [2027, '2027-03-28'],
  [2028, '2028-04-16'],
  [2029, '2029-04-01'],
  [2030, '2030-04-21'],
  [2035, '2035-03-25'],
  [2038, '2038-04-25'],
  [2049, '2049-04-18'],
  [2077, '2077-04-11'],
  [2100, '2100-03-28'],
  [2285, '2285-03-22'],
  [4099, '4099-04-19'],
];

describe('Páscoa (Meeus/Butcher)', () => {
  it.each(PASCOA)('%i → %s', (ano, data) => {
    expect(domingoDePascoa(ano)).toBe(data);
  });

  it('é sempre um domingo entre 22/3 e 25/4, em cada ano de 1583 a 9999', () => {
    for (let ano = 1583; ano <= 9999; ano++) {
      const p = domingoDePascoa(ano);
      const d = new Date(`${p}T00:00:00Z`);
      expect(d.getUTCDay(), p).toBe(0);
      expect(p.slice(5) >= '03-22' && p.slice(5) <= '04-25', p).toBe(true);
    }
  });
});

describe('datas móveis ligadas à Páscoa', () => {
  it.each([
    [2024, '2024-02-12', '2024-02-13', '2024-03-29', '2024-05-30'],
    [2025, '2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19'],
    [2026, '2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'],
    [2027, '2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27'],
    // Leap year with an early Easter: Carnaval crosses 29 February.
    [2008, '2008-02-04', '2008-02-05', '2008-03-21', '2008-05-22'],
  ])('%i: Carnaval %s e %s, Sexta-feira Santa %s, Corpus Christi %s', (ano, seg, ter, sexta, corpus) => {
    expect(dataDaRegra('CARNAVAL_SEGUNDA', ano)).toBe(seg);
    expect(dataDaRegra('CARNAVAL_TERCA', ano)).toBe(ter);
    expect(dataDaRegra('SEXTA_FEIRA_SANTA', ano)).toBe(sexta);
    expect(dataDaRegra('CORPUS_CHRISTI', ano)).toBe(corpus);
    expect(dataDaRegra('PASCOA', ano)).toBe(domingoDePascoa(ano));
  });
});

describe('feriados nacionais', () => {
  it('2026: os nove fixos, com Consciência Negra', () => {
    expect(feriadosNacionais(2026).map((f) => `${f.data} ${f.descricao}`)).toEqual([
      '2026-01-01 Confraternização Universal',
      '2026-04-21 Tiradentes',
      '2026-05-01 Dia do Trabalho',
      '2026-09-07 Independência do Brasil',
      '2026-10-12 Nossa Senhora Aparecida',
      '2026-11-02 Finados',
      '2026-11-15 Proclamação da República',
      '2026-11-20 Dia Nacional de Zumbi e da Consciência Negra',
      '2026-12-25 Natal',
    ]);
    expect(feriadosNacionais(2026).every((f) => f.regraPascoa === null)).toBe(true);
  });

  it.each([
    [2023, false],
    [2024, true],
    [2025, true],
  ])('%i: Consciência Negra nacional = %s', (ano, tem) => {
    expect(feriadosNacionais(ano).some((f) => f.data === `${ano}-11-20`)).toBe(tem);
  });

  it('opcionais: Carnaval (segunda e terça), Sexta-feira Santa e Corpus Christi, com a regra guardada', () => {
    expect(feriadosOpcionais(2026, ['carnaval', 'sextaFeiraSanta', 'corpusChristi'])).toEqual([
      { data: '2026-02-16', descricao: 'Carnaval (segunda-feira)', regraPascoa: 'CARNAVAL_SEGUNDA' },
      { data: '2026-02-17', descricao: 'Carnaval (terça-feira)', regraPascoa: 'CARNAVAL_TERCA' },
      { data: '2026-04-03', descricao: 'Sexta-feira Santa', regraPascoa: 'SEXTA_FEIRA_SANTA' },
      { data: '2026-06-04', descricao: 'Corpus Christi', regraPascoa: 'CORPUS_CHRISTI' },
    ]);
    expect(feriadosOpcionais(2026, [])).toEqual([]);
  });
});

describe('datas civis', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['0000-01-01', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['26-01-01', false],
  ])('%s válida = %s', (text, ok) => {
    expect(isCivilDate(text)).toBe(ok);
  });

  it('soma dias através de meses, anos e anos de dois dígitos', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('0050-03-01', -1)).toBe('0050-02-28');
    expect(isLeapYear(2024) && !isLeapYear(2100) && isLeapYear(2000)).toBe(true);
  });
});
