import { describe, expect, it } from 'vitest';
import { parseInstant } from '@jornada/engine';
import { punchesDoDia } from './edicao-marcacoes.js';

const efetivas = (porDia: Record<string, readonly string[]>) =>
  new Map(Object.entries(porDia).map(([d, hs]) => [d, new Set(hs.map((h) => parseInstant(h)))]));
const p = (dataHora: string) => ({ dataHora });

describe('edicao-marcacoes: the punches of a day, by the calculation’s day cut', () => {
  it.each([
    ['a punch the day counted', '2026-02-03', ['2026-02-03 08:00'], { '2026-02-03': ['2026-02-03 08:00'] }, true],
    [
      'the exit after midnight of the day’s night shift',
      '2026-02-03',
      ['2026-02-04 06:00'],
      { '2026-02-03': ['2026-02-04 06:00'] },
      true,
    ],
    [
      'that exit is not the next day’s',
      '2026-02-04',
      ['2026-02-04 06:00'],
      { '2026-02-03': ['2026-02-04 06:00'] },
      false,
    ],
    [
      'a punch before midnight counted by the next day',
      '2026-02-02',
      ['2026-02-02 23:50'],
      { '2026-02-03': ['2026-02-02 23:50'] },
      false,
    ],
    ['a discarded punch (counted nowhere) on its own date', '2026-02-03', ['2026-02-03 12:00'], {}, true],
    ['a punch of another date counted nowhere', '2026-02-03', ['2026-02-04 12:00'], {}, false],
  ] as const)('%s', (_t, dia, linhas, porDia, esperado) => {
    const r = punchesDoDia(dia, linhas.map(p), efetivas(porDia));
    expect(r.length === 1).toBe(esperado);
  });
});
