import type {
  EventLine,
  JourneyTotal,
  MonthSummary,
  OvertimeEventLine,
  ControlCounters,
  PeriodTotals,
} from '../model/summary.js';
import type { CompiledPolicy } from '../model/policy.js';
import type { DayPlan, DayResult } from '../model/day.js';
import { isRestDay } from '../dsr/dsr.js';
import type { WeekDsr } from '../model/period.js';
import { toReduced } from '../night/night.js';
import { weekday } from '../model/civil.js';
import { dsrReflex } from './reflex.js';

const JOURNEY_LABEL: Record<DayResult['dayType'], JourneyTotal['descricao']> = {
  weekday: 'Dias úteis',
  saturday: 'Sábados',
  sunday: 'Domingos',
  holiday: 'Feriados',
  dayoff: 'Folgas',
};

function sortedPercents(b: Record<string, number>): string[] {
  return Object.keys(b).sort((x, y) => Number(x) - Number(y));
}

function addLine(lines: Map<string, EventLine>, codigo: string, descricao: string, v: number): void {
  if (v === 0) return;
  const l = lines.get(codigo);
  if (l) {
    l.dias++;
    l.valor += v;
  } else lines.set(codigo, { codigo, descricao, dias: 1, valor: v });
}

/*
 * The day loop below reads every field by name. It used to walk tables of field names (`d[f]` for f of
 * ['worked', 'normal', …]); a read through a changing key is a megamorphic keyed lookup, per field and
 * per day, and that loop was 12 % of the engine bench (issue 26 §5). Each function keeps its list in
 * catalogue order, as the tables did.
 */

/** Per-day events of the catalogue (§17.1), in catalogue order (first-seen order is the order of `outrosEventos`). */
function addDayEvents(lines: Map<string, EventLine>, d: DayResult): void {
  addLine(lines, 'HORAS_NORMAIS', 'Horas Normais', d.normal);
  addLine(lines, 'ABONO', 'Abono', d.abono);
  addLine(lines, 'FALTA', 'Falta', d.falta);
  addLine(lines, 'ATRASO', 'Atraso', d.atraso);
  addLine(lines, 'SAIDA_ANTECIPADA', 'Saída Antecipada', d.saidaAntecipada);
  addLine(lines, 'EXCESSO_INTERVALO', 'Excesso no Int. da Refeição', d.excessoIntervalo);
  addLine(lines, 'FALTA_MARCACAO', 'Falta de Marcação', d.faltaMarcacao);
  addLine(lines, 'INTERJORNADA', 'Interjornada', d.interjornadaShortfall);
  addLine(lines, 'INTERVALO_SUPRIMIDO', 'Intervalo Intrajornada Suprimido', d.intervaloSuprimido);
  addLine(lines, 'BH_CREDITO', 'Banco de Horas Crédito', d.bankCredit);
  addLine(lines, 'BH_DEBITO', 'Banco de Horas Débito', d.bankDebit);
}

/** Day fields summed into `totais` (nightReduced, dsr and dsrDebito are period-level). */
function addTotals(t: PeriodTotals, d: DayResult): void {
  t.worked += d.worked;
  t.normal += d.normal;
  t.abono += d.abono;
  t.falta += d.falta;
  t.atraso += d.atraso;
  t.saidaAntecipada += d.saidaAntecipada;
  t.excessoIntervalo += d.excessoIntervalo;
  t.faltaMarcacao += d.faltaMarcacao;
  t.nightReal += d.nightReal;
  t.interjornadaShortfall += d.interjornadaShortfall;
  t.intervaloSuprimido += d.intervaloSuprimido;
  t.bankCredit += d.bankCredit;
  t.bankDebit += d.bankDebit;
}

/** Controle do Ponto counters: days on which the event is still non-zero (§17.4). */
function addCounters(c: ControlCounters, d: DayResult): void {
  if (d.falta > 0) c.qtdFaltas++;
  if (d.atraso > 0) c.qtdAtrasos++;
  if (d.saidaAntecipada > 0) c.qtdSaidasAntecipadas++;
  if (d.excessoIntervalo > 0) c.qtdExcessoRefeicao++;
  if (d.faltaMarcacao > 0) c.qtdFaltaMarcacao++;
  if (d.interjornadaShortfall > 0) c.qtdInterjornada++;
}

const JOURNEY_ORDER: readonly JourneyTotal['descricao'][] = ['Dias úteis', 'Sábados', 'Domingos', 'Feriados', 'Folgas'];

/** What the day loop gathers; `lines` keeps first-seen order, which is the order of `outrosEventos`. */
interface DaySums {
  lines: Map<string, EventLine>;
  he: Record<string, number>;
  hen: Record<string, number>;
  totais: PeriodTotals;
  counters: ControlCounters;
  journeys: Map<JourneyTotal['descricao'], JourneyTotal>;
  diasTrabalhados: number;
  domingos: number;
}

function sumDays(plans: readonly DayPlan[], days: readonly DayResult[]): DaySums {
  const s: DaySums = {
    lines: new Map(),
    he: {},
    hen: {},
    totais: {
      worked: 0,
      normal: 0,
      abono: 0,
      falta: 0,
      atraso: 0,
      saidaAntecipada: 0,
      excessoIntervalo: 0,
      faltaMarcacao: 0,
      nightReal: 0,
      nightReduced: 0,
      interjornadaShortfall: 0,
      intervaloSuprimido: 0,
      bankCredit: 0,
      bankDebit: 0,
      dsr: 0,
      dsrDebito: 0,
    },
    counters: {
      qtdFaltas: 0,
      qtdAtrasos: 0,
      qtdSaidasAntecipadas: 0,
      qtdExcessoRefeicao: 0,
      qtdFaltaMarcacao: 0,
      qtdInterjornada: 0,
    },
    journeys: new Map(),
    diasTrabalhados: 0,
    domingos: 0,
  };
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    addTotals(s.totais, d);
    addDayEvents(s.lines, d);
    for (const p in d.overtime) s.he[p] = (s.he[p] ?? 0) + d.overtime[p]!;
    for (const p in d.overtimeNight) s.hen[p] = (s.hen[p] ?? 0) + d.overtimeNight[p]!;
    addCounters(s.counters, d);
    if (d.worked > 0) {
      s.diasTrabalhados++;
      if (weekday(plans[i]!.date) === 0) s.domingos++;
    }
    const jl = JOURNEY_LABEL[d.dayType];
    let j = s.journeys.get(jl);
    if (!j) {
      j = { descricao: jl, dias: 0, trabalhado: 0 };
      s.journeys.set(jl, j);
    }
    j.dias++;
    j.trabalhado += d.worked;
  }
  return s;
}

/** Adicional noturno: reduced minutes from the monthly real total, rounded once (§2.3). */
function addNightPremium(s: DaySums, days: readonly DayResult[], policy: CompiledPolicy): void {
  const adicional = toReduced(s.totais.nightReal, policy);
  s.totais.nightReduced = adicional;
  if (adicional === 0) return;
  const dias = days.filter((d) => d.nightReal > 0).length;
  s.lines.set('ADICIONAL_NOTURNO', {
    codigo: 'ADICIONAL_NOTURNO',
    descricao: 'Adicional Noturno',
    dias,
    valor: adicional,
  });
}

/**
 * §16: DSR paid on days inside the period; DSR Débito of weeks posted to this period (§16.4). Each paid day is
 * worth what its week paid for it (§16.1: the `horasDSR` in force that day), never the period end's policy: a
 * schedule version or move inside the month changes the value of the weeks after it only.
 */
function addDsrEvents(
  s: DaySums,
  weeks: readonly WeekDsr[],
  period: { label: string; start: string; end: string },
): void {
  let paid = 0;
  let paidDays = 0;
  let debit = 0;
  let debitDays = 0;
  for (const w of weeks) {
    // Every DSR day of a week is paid the same (dsrPaid = paid days × that week's horasDSR).
    const perDay = w.paidDays.length > 0 ? w.dsrPaid / w.paidDays.length : 0;
    for (const pd of w.paidDays) {
      if (pd >= period.start && pd <= period.end) {
        paid += perDay;
        paidDays++;
      }
    }
    if (w.postingPeriod === period.label && w.dsrDebit > 0) {
      debit += w.dsrDebit;
      debitDays += w.lostDays.length;
    }
  }
  s.totais.dsr = paid;
  s.totais.dsrDebito = debit;
  if (paid > 0) s.lines.set('DSR', { codigo: 'DSR', descricao: 'DSR', dias: paidDays, valor: paid });
  if (debit > 0)
    s.lines.set('DSR_DEBITO', { codigo: 'DSR_DEBITO', descricao: 'DSR Débito', dias: debitDays, valor: debit });
}

/** `horasExtrasEventos`: tipo 1 then tipo 2 buckets, by percentage. */
function overtimeEvents(s: DaySums, policy: CompiledPolicy): OvertimeEventLine[] {
  const out: OvertimeEventLine[] = [];
  for (const p of sortedPercents(s.he))
    if (s.he[p]! > 0) out.push({ codigo: `HE_${p}`, descricao: `HE ${p}%`, valor: s.he[p]! });
  for (const p of sortedPercents(s.hen))
    if (s.hen[p]! > 0)
      out.push({
        codigo: `HEN_${p}`,
        descricao: `HE Noturna ${p}%`,
        valor: s.hen[p]!,
        valorReduzido: toReduced(s.hen[p]!, policy),
      });
  return out;
}

/** Súmula 172 reflex (§17.2), also added to the catalogue; none for 12x36, whose pay includes DSR (art. 59-A). */
function reflexOf(s: DaySums, plans: readonly DayPlan[], policy: CompiledPolicy): MonthSummary['reflexoDsr'] {
  if (plans.some((p) => p.regime12x36)) return null;
  let rest = 0;
  for (const p of plans) if (isRestDay(p, policy)) rest++;
  const working = plans.length - rest;
  const eventos: OvertimeEventLine[] = [];
  const push = (byPercent: Record<string, number>, codigo: string, descricao: string): void => {
    for (const p of sortedPercents(byPercent))
      eventos.push({ codigo: `${codigo}_${p}`, descricao: `${descricao} ${p}%`, valor: byPercent[p]! });
  };
  push(dsrReflex(rest, working, s.he).reflexByPercent, 'REFLEXO_DSR_HE', 'Reflexo DSR s/ HE');
  push(dsrReflex(rest, working, s.hen).reflexByPercent, 'REFLEXO_DSR_HEN', 'Reflexo DSR s/ HE Noturna');
  // The reflex is monthly, not per day (dias 0).
  for (const e of eventos) s.lines.set(e.codigo, { codigo: e.codigo, descricao: e.descricao, dias: 0, valor: e.valor });
  return { restDays: rest, workingDays: working, eventos };
}

/**
 * Monthly summary and event catalogue (spec §17). `plans[i]` is the plan of `days[i]`. Legal (reduced) minutes are
 * rounded once from the monthly real total (§2.3).
 */
export function summarizePeriod(
  label: string,
  plans: readonly DayPlan[],
  days: readonly DayResult[],
  weeks: readonly WeekDsr[],
  policy: CompiledPolicy,
  periodStart: string,
  periodEnd: string,
): MonthSummary {
  const s = sumDays(plans, days);
  addNightPremium(s, days, policy);
  addDsrEvents(s, weeks, { label, start: periodStart, end: periodEnd });
  const horasExtrasEventos = overtimeEvents(s, policy);
  const reflexoDsr = reflexOf(s, plans, policy);
  return {
    periodo: label,
    totais: s.totais,
    diasTrabalhados: s.diasTrabalhados,
    jornada: s.totais.normal,
    jornadaEAbono: s.totais.normal + s.totais.abono,
    horasTrabalhadas: s.totais.worked,
    horasExtrasEventos,
    outrosEventos: [...s.lines.values()],
    totaisJornadas: JOURNEY_ORDER.map((o) => s.journeys.get(o) ?? { descricao: o, dias: 0, trabalhado: 0 }),
    reflexoDsr,
    contadores: s.counters,
    domingosTrabalhados: s.domingos,
    diasInterjornada: s.counters.qtdInterjornada,
  };
}
