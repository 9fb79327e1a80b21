import type { CompiledBank, CompiledPolicy, BandColumn } from '../model/policy.js';
import { bankKeyOf } from '../policy/compile.js';
import { divRoundHalfUp, monthIndex } from '../model/civil.js';
import type { BankSplitRule } from '../overtime/bands.js';
import { CATEGORY_LABEL, type Ledger } from '../justification/justify.js';
import type { DebitCategory } from '../model/day.js';
import type { Trace } from '../model/trace.js';

/** Bank acts on D when enabled and D's month is inside periodoInicial..periodoFinal (spec §13.1). */
export function bankActiveOn(bank: CompiledBank | null, day: number): boolean {
  if (!bank) return false;
  const idx = monthIndex(day);
  if (bank.fromMonth !== null && idx < bank.fromMonth) return false;
  if (bank.toMonth !== null && idx > bank.toMonth) return false;
  return true;
}

/** The §13.2 split rule for the day-type column, or null when its overtime is all paid. */
export function bankSplitRule(policy: CompiledPolicy, column: BandColumn, active: boolean): BankSplitRule | null {
  if (!active || !policy.bank) return null;
  const cfg = policy.bank.overtime[bankKeyOf(column)];
  if (!cfg.enabled) return null;
  return { priority: policy.prioridadeHoraExtra, limit: cfg.limit };
}

/** bankCredit = roundHalfUp(bankMinutes × fator) (spec §13.2), exact on the ratio. */
export function bankCreditOf(policy: CompiledPolicy, column: BandColumn, bankMinutes: number): number {
  if (!policy.bank || bankMinutes === 0) return 0;
  const f = policy.bank.overtime[bankKeyOf(column)].factor;
  return divRoundHalfUp(bankMinutes * f.num, f.den);
}

/**
 * Storage flags (spec §13.3): ticked categories become BH débito (factor 1) and
 * the discount event becomes 0. A Falta stored in the bank does not lose DSR.
 */
export function storeDebits(l: Ledger, bank: CompiledBank, tr: Trace | null): void {
  if (bank.storeFalta) storeOne(l, 'falta', tr);
  if (bank.storeAtraso) storeOne(l, 'atraso', tr);
  if (bank.storeSaida) storeOne(l, 'saida', tr);
  if (bank.storeExcesso) storeOne(l, 'excesso', tr);
  if (bank.storeFaltaMarcacao) storeOne(l, 'fm', tr);
}

function storeOne(l: Ledger, c: DebitCategory, tr: Trace | null): void {
  if (l[c] <= 0) return;
  l.bankDebit += l[c];
  if (tr)
    tr.add('bankDebit', l[c], '§13.3', `${CATEGORY_LABEL[c]} de ${l[c]} min armazenada no banco de horas (débito)`);
  l[c] = 0;
}
