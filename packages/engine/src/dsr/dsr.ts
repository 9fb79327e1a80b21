import type { ClosingRule, WeekDsr } from '../model/period.js';
import type { CompiledPolicy } from '../model/policy.js';
import type { DayPlan, DayResult } from '../model/day.js';
import { civilFromDays, daysFromCivil, daysInMonth, formatDate, formatMonth, weekday } from '../model/civil.js';

/**
 * Label 'YYYY-MM' of the closing period that contains `day`. With a start day
 * other than 1 (e.g. 21..20) the period is labelled by the month in which it
 * ends (competência), a decision recorded in NOTES.md.
 */
export function closingPeriodOf(day: number, closing?: ClosingRule | null): string {
  const start = closing?.startDay ?? 1;
  if (start <= 1) return formatMonth(day);
  const { y, m, d } = civilFromDays(day);
  if (d >= start) {
    const ny = m === 12 ? y + 1 : y;
    const nm = m === 12 ? 1 : m + 1;
    return formatMonth(daysFromCivil(ny, nm, 1));
  }
  return formatMonth(day);
}

/** Closing period bounds (inclusive day numbers) for a label 'YYYY-MM'. */
export function closingPeriodBounds(label: string, closing?: ClosingRule | null): { start: number; end: number } {
  const [ys, ms] = label.split('-');
  const y = Number(ys);
  const m = Number(ms);
  const start = closing?.startDay ?? 1;
  if (start <= 1) return { start: daysFromCivil(y, m, 1), end: daysFromCivil(y, m, daysInMonth(y, m)) };
  const py = m === 1 ? y - 1 : y;
  const pm = m === 1 ? 12 : m - 1;
  const s = daysFromCivil(py, pm, Math.min(start, daysInMonth(py, pm)));
  const endDay = daysFromCivil(y, m, Math.min(start - 1, daysInMonth(y, m)));
  return { start: s, end: endDay };
}

/** A planned off day for `pagarDSR` 2: a folga, or a non-holiday day without planned minutes. */
export function isPlannedOffDay(p: DayPlan): boolean {
  if (p.leave) return false;
  if (p.dayType === 'dayoff') return true;
  return p.dayType !== 'holiday' && p.slots.length === 0;
}

/** A rest day for the §17.2 reflex: Sundays (pagarDSR 1) or planned off days (2), plus applicable holidays. */
export function isRestDay(p: DayPlan, policy: CompiledPolicy): boolean {
  if (p.dayType === 'holiday') return true;
  return policy.pagarDSR === 1 ? weekday(p.date) === 0 : isPlannedOffDay(p);
}

/** DSR day(s) of a Monday–Sunday week (spec §16.1). `plans` are the 7 days, Monday first. */
export function dsrDaysOfWeek(plans: readonly DayPlan[], policy: CompiledPolicy): number[] {
  if (policy.pagarDSR === 1) {
    const sun = plans.find((p) => weekday(p.date) === 0);
    return sun ? [sun.date] : [];
  }
  const off = plans.find(isPlannedOffDay);
  return off ? [off.date] : [];
}

/** Does this day's result make the week lose its DSR (spec §16.2)? */
export function triggersDsrLoss(r: DayResult, policy: CompiledPolicy): boolean {
  if (policy.descontoDSR === 0) return false;
  if (r.falta > 0) return true;
  return policy.descontoDSR === 2 && (r.atraso > 0 || r.saidaAntecipada > 0);
}

/**
 * DSR of one Monday–Sunday week (spec §16, Lei 605/1949 art. 6): the week loses
 * its own DSR when some day has an unjustified Falta (or, with descontoDSR 2,
 * Atraso / Saída Antecipada). 12x36 pay already includes the DSR (art. 59-A):
 * no events.
 */
export function evaluateWeek(
  plans: readonly DayPlan[],
  results: readonly (DayResult | null)[],
  policy: CompiledPolicy,
  closing?: ClosingRule | null,
): WeekDsr {
  const monday = formatDate(plans[0]!.date);
  const empty: WeekDsr = {
    monday,
    dsrDays: [],
    dsrPaid: 0,
    dsrDebit: 0,
    lostDays: [],
    triggerDays: [],
    postingPeriod: null,
    paidDays: [],
    reason: 'Escala 12x36: DSR e feriados já remunerados no salário (art. 59-A, parágrafo único)',
  };
  if (plans.some((p) => p.regime12x36)) return empty;
  const dsr = dsrDaysOfWeek(plans, policy);
  const triggers: number[] = [];
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    if (r && triggersDsrLoss(r, policy)) triggers.push(plans[i]!.date);
  }
  const lost: number[] = [];
  if (triggers.length > 0) {
    for (const d of dsr) lost.push(d);
    if (policy.descontoDSRFeriado)
      for (const p of plans) if (p.dayType === 'holiday' && !dsr.includes(p.date)) lost.push(p.date);
  }
  lost.sort((a, b) => a - b);
  const paid = triggers.length > 0 ? [] : dsr;
  let posting: string | null = null;
  if (lost.length > 0) {
    const ref = policy.perdaDSRDesconta === 1 ? triggers[0]! : dsr.length > 0 ? dsr[0]! : lost[0]!;
    posting = closingPeriodOf(ref, closing);
  }
  const what = policy.descontoDSR === 2 ? 'falta, atraso ou saída antecipada' : 'falta';
  const reason =
    dsr.length === 0
      ? 'Semana sem dia de DSR'
      : lost.length > 0
        ? `${what[0]!.toUpperCase()}${what.slice(1)} sem justificativa em ${triggers.map(formatDate).join(', ')}: ` +
          `perde ${lost.map(formatDate).join(', ')} (Lei 605/1949 art. 6), lançado em ${posting}`
        : `DSR pago: nenhuma ${what} sem justificativa na semana`;
  return {
    monday,
    reason,
    dsrDays: dsr.map(formatDate),
    dsrPaid: paid.length * policy.horasDSR,
    dsrDebit: lost.length * policy.horasDSR,
    lostDays: lost.map(formatDate),
    triggerDays: triggers.map(formatDate),
    postingPeriod: posting,
    paidDays: paid.map(formatDate),
  };
}
