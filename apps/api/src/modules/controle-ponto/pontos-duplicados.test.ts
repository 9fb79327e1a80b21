import { describe, expect, it } from 'vitest';
import { duplicadas, type MarcacaoOriginal } from './pontos-duplicados.js';

const m = (id: number, hora: string, dia = '2026-02-10', descartado = false): MarcacaoOriginal => ({
  id,
  dataHora: `${dia} ${hora}`,
  descartado,
});

describe('duplicadas (decision 0076): a punch less than the window after the one kept', () => {
  it.each([
    ['a normal day has none', [m(1, '08:00'), m(2, '12:00'), m(3, '13:00'), m(4, '17:00')], []],
    ['two a minute apart: the second', [m(1, '08:00'), m(2, '08:01'), m(3, '17:00')], [2]],
    ['the same minute: the second', [m(1, '08:00'), m(2, '08:00')], [2]],
    ['exactly the window apart is not', [m(1, '08:00'), m(2, '08:05')], []],
    ['just under the window is', [m(1, '08:00'), m(2, '08:04')], [2]],
    ['a burst is measured from the punch kept', [m(1, '08:00'), m(2, '08:03'), m(3, '08:06')], [2]],
    ['a burst inside the window: all but the first', [m(1, '08:00'), m(2, '08:02'), m(3, '08:04')], [2, 3]],
    ['input order does not matter', [m(3, '08:02'), m(1, '08:00'), m(2, '17:00')], [3]],
    ['across midnight', [m(1, '23:58'), m(2, '00:01', '2026-02-11')], [2]],
    ['a discarded punch is neither kept nor a duplicate', [m(1, '08:00', '2026-02-10', true), m(2, '08:02')], []],
    ['the same instant on two ids: the higher id', [m(7, '08:00'), m(5, '08:00')], [7]],
  ] as const)('%s', (_, marcacoes, esperado) => {
    expect([...duplicadas(marcacoes, 5)].sort((a, b) => a - b)).toEqual(esperado);
  });
});
