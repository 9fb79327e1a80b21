import { describe, expect, it } from 'vitest';
import { parseInstant, type PunchInput } from '@jornada/engine';
import { lerMarcacoes } from './entrada-motor.js';

describe('punches as text (the punch query and the crossing to the engine thread)', () => {
  /** 'YYYY-MM-DD HH:MM' → its minute since 1970, as the query writes it. */
  const m = (at: string) => parseInstant(at);
  it.each<[string, string, PunchInput[]]>([
    ['nenhuma', '', []],
    ['uma original', `${m('2026-02-03 08:00')}R`, [{ at: m('2026-02-03 08:00'), source: 'R' }]],
    [
      'descartada, movida para a frente e para trás, inserida, REP-P',
      [
        `${m('2026-02-03 08:00')}RD`,
        `${m('2026-02-03 23:59')}A+`,
        `${m('2026-02-04 00:10')}WD-`,
        `${m('2026-02-04 12:00')}I`,
        `${m('2026-02-04 13:00')}P`,
      ].join(','),
      [
        { at: m('2026-02-03 08:00'), source: 'R', discarded: true },
        { at: m('2026-02-03 23:59'), source: 'A', move: 1 },
        { at: m('2026-02-04 00:10'), source: 'W', discarded: true, move: -1 },
        { at: m('2026-02-04 12:00'), source: 'I' },
        { at: m('2026-02-04 13:00'), source: 'P' },
      ],
    ],
    ['minutos de 1970 (um número mais curto)', '59R', [{ at: 59, source: 'R' }]],
  ])('%s: reads the query text as the engine wants it', (_nome, texto, ps) => {
    expect(lerMarcacoes(texto)).toEqual(ps);
  });
});
