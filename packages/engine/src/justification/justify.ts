import type { DebitCategory, DayOccurrence, DayPartialAdjustment } from '../model/day.js';
import { measureWithin, subtract, type Flat } from '../model/intervals.js';
import type { Trace } from '../model/trace.js';

/** The debit events of a day while justifications, §8 and bank storage act on them. */
export interface Ledger {
  falta: number;
  fm: number;
  atraso: number;
  saida: number;
  excesso: number;
  /** Positions (§8/§14.3); Excesso has none. */
  posFalta: Flat;
  posFm: Flat;
  posAtraso: Flat;
  posSaida: Flat;
  abono: number;
  bankDebit: number;
  explained: DebitCategory[];
  flags: string[];
}

export const CATEGORY_LABEL: Record<DebitCategory, string> = {
  falta: 'Falta',
  fm: 'Falta de marcação',
  atraso: 'Atraso',
  saida: 'Saída antecipada',
  excesso: 'Excesso no intervalo',
};

function posKey(c: DebitCategory): 'posFalta' | 'posFm' | 'posAtraso' | 'posSaida' | null {
  switch (c) {
    case 'falta':
      return 'posFalta';
    case 'fm':
      return 'posFm';
    case 'atraso':
      return 'posAtraso';
    case 'saida':
      return 'posSaida';
    default:
      return null;
  }
}

/**
 * Moves `minutes` of category `c` according to the justification type (spec §14.1):
 * 1 Abonar → Abono; 2 Explicação → unchanged but marked; 3 Compensação → bank
 * debit (or warning without an active bank). Returns the minutes removed.
 */
function justify(
  l: Ledger,
  c: DebitCategory,
  tipo: number,
  minutes: number,
  bankActive: boolean,
  tr: Trace | null,
  scope: string,
): number {
  if (minutes <= 0) return 0;
  const label = CATEGORY_LABEL[c];
  if (tipo === 1) {
    l.abono += minutes;
    if (tr) tr.add('abono', minutes, '§14 (tipo 1 Abonar)', `${label}: ${minutes} min abonados (${scope})`);
    return minutes;
  }
  if (tipo === 2) {
    if (!l.explained.includes(c)) l.explained.push(c);
    if (tr) tr.add(c, l[c], '§14 (tipo 2 Explicação)', `${label} explicada: continua descontada e conta para o DSR`);
    return 0;
  }
  if (tipo === 3) {
    if (!bankActive) {
      if (!l.flags.includes('COMPENSACAO_SEM_BANCO')) l.flags.push('COMPENSACAO_SEM_BANCO');
      if (tr) tr.add(c, l[c], '§14.1 (tipo 3)', `Compensação sem banco de horas ativo: ${label} mantida`);
      return 0;
    }
    l.bankDebit += minutes;
    if (tr)
      tr.add(
        'bankDebit',
        minutes,
        '§14.1 (tipo 3 Compensação)',
        `${label}: ${minutes} min compensados no banco (${scope})`,
      );
    return minutes;
  }
  return 0; // types 4 and 5 are punch edits, not occurrences.
}

export function applyOccurrences(
  l: Ledger,
  occurrences: readonly DayOccurrence[],
  bankActive: boolean,
  tr: Trace | null,
): void {
  for (const o of occurrences) {
    for (const c of o.scopes) {
      const v = l[c];
      const moved = justify(l, c, Number(o.justificationType), v, bankActive, tr, 'ocorrência');
      if (moved > 0) {
        l[c] = v - moved;
        const k = posKey(c);
        if (k) l[k] = [];
      }
    }
  }
}

/**
 * Ajuste parcial (spec §14.3): affected = min(event, |positions ∩ [start, end)|)
 * (Excesso: min(event, end − start)). Tolerance is not re-evaluated on the rest.
 */
export function applyPartialAdjustments(
  l: Ledger,
  adjustments: readonly DayPartialAdjustment[],
  bankActive: boolean,
  tr: Trace | null,
): void {
  for (const a of adjustments) {
    const c = a.event;
    const v = l[c];
    if (v <= 0 || a.end <= a.start) continue;
    const k = posKey(c);
    const inWindow = k ? measureWithin(l[k], a.start, a.end) : a.end - a.start;
    const affected = Math.min(v, inWindow);
    const moved = justify(l, c, Number(a.justificationType), affected, bankActive, tr, 'ajuste parcial');
    if (moved > 0) {
      l[c] = v - moved;
      if (k) l[k] = subtract(l[k], [a.start, a.end]);
    }
  }
}
