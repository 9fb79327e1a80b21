/**
 * The closing period (período de fechamento) of a tenant — decision 0019, the
 * one rule every screen, job and report uses to say which days make up "the
 * month" of a time sheet. Pure: no Date, no zone; days are 'yyyy-mm-dd'.
 *
 * - The main company holds two days, 1–31 (seed 000 §3, §9).
 * - A period that starts on day 1 is the calendar month (1 to 31).
 * - Otherwise it runs from the start day of one month to the end day of the
 *   next, and is named by the month it ends in (21 to 20: "março" is 21/02 to
 *   20/03).
 * - A day beyond a month's length means that month's last day (end day 30 in
 *   February ends on 28 or 29).
 * - Periods tile the calendar: the final day is the day before the start day
 *   (or 31 with start 1), and a period starts the day after the previous one
 *   ended, so a day never belongs to two periods nor to none — also when the
 *   end day was cut short by a short month (start 31, end 30: "maio" starts on
 *   01/05, not on 30/04, which "abril" already holds).
 */

export const DIA_FECHAMENTO_MIN = 1;
export const DIA_FECHAMENTO_MAX = 31;

export interface DiasFechamento {
  diaInicioFechamento: number;
  diaFinalFechamento: number;
}

export interface PeriodoFechamento {
  /** The year and month (1–12) the period is named by: the month it ends in. */
  ano: number;
  mes: number;
  /** First and last day, inclusive, as 'yyyy-mm-dd'. */
  inicio: string;
  fim: string;
}

/** A whole day from 1 to 31. */
export const isDiaFechamento = (n: number): boolean =>
  Number.isInteger(n) && n >= DIA_FECHAMENTO_MIN && n <= DIA_FECHAMENTO_MAX;

/** The final day that goes with a start day (the day before it; 31 for a period starting on day 1). */
export function diaFinalPara(diaInicio: number): number {
  return diaInicio === 1 ? DIA_FECHAMENTO_MAX : diaInicio - 1;
}

/** Why a pair of days is not a closing period (Portuguese, for the user), or undefined when it is. */
export function problemaDiasFechamento(d: DiasFechamento): string | undefined {
  if (!isDiaFechamento(d.diaInicioFechamento) || !isDiaFechamento(d.diaFinalFechamento)) {
    return `Os dias do período de fechamento devem estar entre ${DIA_FECHAMENTO_MIN} e ${DIA_FECHAMENTO_MAX}.`;
  }
  const esperado = diaFinalPara(d.diaInicioFechamento);
  if (d.diaFinalFechamento !== esperado) {
    return d.diaInicioFechamento === 1
      ? 'Um período que começa no dia 1 termina no dia 31 (o mês inteiro).'
      : `Um período que começa no dia ${d.diaInicioFechamento} termina no dia ${esperado} do mês seguinte.`;
  }
  return undefined;
}

export function diasNoMes(ano: number, mes: number): number {
  if (mes === 2) return (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(mes) ? 30 : 31;
}

const two = (n: number) => String(n).padStart(2, '0');
const iso = (ano: number, mes: number, dia: number) => `${String(ano).padStart(4, '0')}-${two(mes)}-${two(dia)}`;
const previous = (ano: number, mes: number) => (mes === 1 ? { ano: ano - 1, mes: 12 } : { ano, mes: mes - 1 });
const next = (ano: number, mes: number) => (mes === 12 ? { ano: ano + 1, mes: 1 } : { ano, mes: mes + 1 });

/** The last day of the period named (ano, mes): the end day, cut to the month's length. */
function endDay(d: DiasFechamento, ano: number, mes: number): number {
  return Math.min(d.diaFinalFechamento, diasNoMes(ano, mes));
}

function assertValid(d: DiasFechamento): void {
  const problema = problemaDiasFechamento(d);
  if (problema) throw new RangeError(problema);
}

/** The period named by year and month (1–12). */
export function periodoFechamento(d: DiasFechamento, ano: number, mes: number): PeriodoFechamento {
  assertValid(d);
  if (!Number.isInteger(ano) || !Number.isInteger(mes) || mes < 1 || mes > 12) {
    throw new RangeError(`Mês inválido: ${ano}-${mes}`);
  }
  const p = previous(ano, mes);
  const prevEnd = endDay(d, p.ano, p.mes);
  // The day after the previous period's last day.
  const inicio = prevEnd === diasNoMes(p.ano, p.mes) ? iso(ano, mes, 1) : iso(p.ano, p.mes, prevEnd + 1);
  return { ano, mes, inicio, fim: iso(ano, mes, endDay(d, ano, mes)) };
}

/** The period a day ('yyyy-mm-dd') belongs to. */
export function periodoFechamentoDaData(d: DiasFechamento, data: string): PeriodoFechamento {
  assertValid(d);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  const [ano, mes, dia] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || mes < 1 || mes > 12 || dia < 1 || dia > diasNoMes(ano, mes)) throw new RangeError(`Data inválida: ${data}`);
  if (dia <= endDay(d, ano, mes)) return periodoFechamento(d, ano, mes);
  const n = next(ano, mes);
  return periodoFechamento(d, n.ano, n.mes);
}
