import { describe, expect, it } from 'vitest';
import type { PunchInput } from '@jornada/engine';
import { lerMarcacoes } from './entrada-motor.js';

describe('punches as text (the punch query and the crossing to the engine thread)', () => {
  it.each<[string, string, PunchInput[]]>([
    ['nenhuma', '', []],
    ['uma original', '2026-02-03 08:00R', [{ at: '2026-02-03 08:00', source: 'R' }]],
    [
      'descartada, movida para a frente e para trás, inserida, REP-P',
      '2026-02-03 08:00RD,2026-02-03 23:59A+,2026-02-04 00:10WD-,2026-02-04 12:00I,2026-02-04 13:00P',
      [
        { at: '2026-02-03 08:00', source: 'R', discarded: true },
        { at: '2026-02-03 23:59', source: 'A', move: 1 },
        { at: '2026-02-04 00:10', source: 'W', discarded: true, move: -1 },
        { at: '2026-02-04 12:00', source: 'I' },
        { at: '2026-02-04 13:00', source: 'P' },
      ],
    ],
    [
      'descartada e movida, em qualquer ordem dos sinais',
      '2026-02-03 12:00RD+',
      [{ at: '2026-02-03 12:00', source: 'R', discarded: true, move: 1 }],
    ],
  ])('%s: reads the query text as the engine wants it', (_nome, texto, ps) => {
    expect(lerMarcacoes(texto)).toEqual(ps);
  });
});
