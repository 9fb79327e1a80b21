import { describe, expect, it } from 'vitest';
import { applyOccurrences, applyPartialAdjustments, type Ledger } from './justify.js';

const ledger = (o: Partial<Ledger>): Ledger => ({
  falta: 0,
  fm: 0,
  atraso: 0,
  saida: 0,
  excesso: 0,
  posFalta: [],
  posFm: [],
  posAtraso: [],
  posSaida: [],
  abono: 0,
  bankDebit: 0,
  explained: [],
  flags: [],
  ...o,
});

describe('justifications (spec §14)', () => {
  it('abona, explains and compensates only the scoped categories', () => {
    const l = ledger({ atraso: 30, saida: 20, posAtraso: [0, 30], posSaida: [100, 120] });
    applyOccurrences(
      l,
      [
        { justificationType: 1, scopes: ['atraso'] },
        { justificationType: 2, scopes: ['saida'] },
      ],
      false,
      null,
    );
    expect([l.atraso, l.saida, l.abono, l.explained]).toEqual([0, 20, 30, ['saida']]);
    applyOccurrences(l, [{ justificationType: 3, scopes: ['saida'] }], false, null);
    expect([l.saida, l.flags]).toEqual([20, ['COMPENSACAO_SEM_BANCO']]);
    applyOccurrences(l, [{ justificationType: 3, scopes: ['saida'] }], true, null);
    expect([l.saida, l.bankDebit]).toEqual([0, 20]);
  });
  it('limits a partial adjustment to the event positions in the window (§14.3)', () => {
    const l = ledger({ atraso: 120, posAtraso: [0, 120], excesso: 40 });
    applyPartialAdjustments(
      l,
      [
        { justificationType: 1, event: 'atraso', start: 60, end: 200 },
        { justificationType: 1, event: 'excesso', start: 0, end: 37 },
      ],
      false,
      null,
    );
    expect([l.atraso, l.posAtraso, l.excesso, l.abono]).toEqual([60, [0, 60], 3, 97]);
  });
});
