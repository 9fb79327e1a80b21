import { describe, expect, it } from 'vitest';
import type { PunchInput } from '@jornada/engine';
import { lerMarcacoes, textoDasMarcacoes } from './entrada-motor.js';

describe('punches as text (the punch query and the crossing to the engine thread)', () => {
  const casos: [string, PunchInput[]][] = [
    ['nenhuma', []],
    ['uma original', [{ at: '2026-02-03 08:00', source: 'R' }]],
    [
      'descartada, movida para a frente e para trás, inserida, REP-P',
      [
        { at: '2026-02-03 08:00', source: 'R', discarded: true },
        { at: '2026-02-03 23:59', source: 'A', move: 1 },
        { at: '2026-02-04 00:10', source: 'W', discarded: true, move: -1 },
        { at: '2026-02-04 12:00', source: 'I' },
        { at: '2026-02-04 13:00', source: 'P' },
      ],
    ],
  ];
  it.each(casos)('%s: ida e volta dão as mesmas marcações', (_nome, ps) => {
    const texto = textoDasMarcacoes(ps);
    expect(texto).toBeDefined();
    expect(lerMarcacoes(texto!)).toEqual(ps);
  });

  it('reads the query text as the engine wants it', () => {
    expect(lerMarcacoes('2026-02-03 08:00R,2026-02-03 12:00RD+')).toEqual([
      { at: '2026-02-03 08:00', source: 'R' },
      { at: '2026-02-03 12:00', source: 'R', discarded: true, move: 1 },
    ]);
  });

  it.each<[string, PunchInput]>([
    ['sem origem', { at: '2026-02-03 08:00' }],
    ['hora com segundos', { at: '2026-02-03 08:00:30', source: 'R' }],
    ['movida dois dias', { at: '2026-02-03 08:00', source: 'R', move: 2 }],
  ])('%s: not representable, so the punches cross as objects', (_nome, p) => {
    expect(textoDasMarcacoes([{ at: '2026-02-03 07:00', source: 'R' }, p])).toBeUndefined();
  });
});
