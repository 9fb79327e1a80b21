import type { BankFields, BankEntry } from '../model/summary.js';

/** `totaisBancoHoras` (seed 002 §3): the same values with their descriptions. */
export function bankTotalsList(f: BankFields): { descricao: string; valor: number }[] {
  return [
    { descricao: 'Saldo Anterior', valor: f.saldoAnteriorBH },
    { descricao: 'Saldo Débito Lançado', valor: f.saldoDebitoLancado },
    { descricao: 'Saldo Crédito Lançado', valor: f.saldoCreditoLancado },
    { descricao: 'Créditos BH', valor: f.creditosBH },
    { descricao: 'Total Créditos', valor: f.totalCreditos },
    { descricao: 'Débitos BH', valor: f.debitosBH },
    { descricao: 'Saldo Final', valor: f.saldoFinal },
  ];
}

/**
 * `totalCreditos` is the running subtotal before `debitosBH` (spec §21 decision 15).
 * `reset` = "Redefinir Saldo" for the month (§13.4): an entry on its last day brings
 * `saldoFinal` to zero, so it shows among the launched balances as payroll expects.
 */
export function bankFields(
  saldoAnteriorBH: number,
  launched: readonly BankEntry[],
  dailyCredits: readonly number[],
  dailyDebits: readonly number[],
  reset = false,
): BankFields {
  const fields = sumBankFields(saldoAnteriorBH, launched, dailyCredits, dailyDebits);
  if (!reset || fields.saldoFinal === 0) return fields;
  const entry = { minutes: Math.abs(fields.saldoFinal), negative: fields.saldoFinal > 0 };
  return sumBankFields(saldoAnteriorBH, [...launched, entry], dailyCredits, dailyDebits);
}

function sumBankFields(
  saldoAnteriorBH: number,
  launched: readonly BankEntry[],
  dailyCredits: readonly number[],
  dailyDebits: readonly number[],
): BankFields {
  let cred = 0;
  let deb = 0;
  for (const l of launched) {
    if (l.negative) deb += Math.abs(l.minutes);
    else cred += Math.abs(l.minutes);
  }
  let creditosBH = 0;
  for (const c of dailyCredits) creditosBH += c;
  let debitosBH = 0;
  for (const d of dailyDebits) debitosBH += d;
  const totalCreditos = saldoAnteriorBH - deb + cred + creditosBH;
  return {
    saldoAnteriorBH,
    saldoCreditoLancado: cred,
    saldoDebitoLancado: deb,
    creditosBH,
    debitosBH,
    totalCreditos,
    saldoFinal: totalCreditos - debitosBH,
  };
}
