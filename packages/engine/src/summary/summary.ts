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
  const lines = new Map<string, EventLine>();
  const add = (codigo: string, descricao: string, v: number): void => addLine(lines, codigo, descricao, v);
  const he: Record<string, number> = {};
  const hen: Record<string, number> = {};
  let jornada = 0;
  let abono = 0;
  let worked = 0;
  let nightReal = 0;
  let diasTrabalhados = 0;
  let domingos = 0;
  const journeys = new Map<JourneyTotal['descricao'], JourneyTotal>();
  const totais: PeriodTotals = {
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
  };
  const counters: ControlCounters = {
    qtdFaltas: 0,
    qtdAtrasos: 0,
    qtdSaidasAntecipadas: 0,
    qtdExcessoRefeicao: 0,
    qtdFaltaMarcacao: 0,
    qtdInterjornada: 0,
  };
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    jornada += d.normal;
    abono += d.abono;
    worked += d.worked;
    nightReal += d.nightReal;
    totais.worked += d.worked;
    totais.normal += d.normal;
    totais.abono += d.abono;
    totais.falta += d.falta;
    totais.atraso += d.atraso;
    totais.saidaAntecipada += d.saidaAntecipada;
    totais.excessoIntervalo += d.excessoIntervalo;
    totais.faltaMarcacao += d.faltaMarcacao;
    totais.nightReal += d.nightReal;
    totais.interjornadaShortfall += d.interjornadaShortfall;
    totais.intervaloSuprimido += d.intervaloSuprimido;
    totais.bankCredit += d.bankCredit;
    totais.bankDebit += d.bankDebit;
    add('HORAS_NORMAIS', 'Horas Normais', d.normal);
    add('ABONO', 'Abono', d.abono);
    add('FALTA', 'Falta', d.falta);
    add('ATRASO', 'Atraso', d.atraso);
    add('SAIDA_ANTECIPADA', 'Saída Antecipada', d.saidaAntecipada);
    add('EXCESSO_INTERVALO', 'Excesso no Int. da Refeição', d.excessoIntervalo);
    add('FALTA_MARCACAO', 'Falta de Marcação', d.faltaMarcacao);
    add('INTERJORNADA', 'Interjornada', d.interjornadaShortfall);
    add('INTERVALO_SUPRIMIDO', 'Intervalo Intrajornada Suprimido', d.intervaloSuprimido);
    add('BH_CREDITO', 'Banco de Horas Crédito', d.bankCredit);
    add('BH_DEBITO', 'Banco de Horas Débito', d.bankDebit);
    for (const p in d.overtime) he[p] = (he[p] ?? 0) + d.overtime[p]!;
    for (const p in d.overtimeNight) hen[p] = (hen[p] ?? 0) + d.overtimeNight[p]!;
    if (d.falta > 0) counters.qtdFaltas++;
    if (d.atraso > 0) counters.qtdAtrasos++;
    if (d.saidaAntecipada > 0) counters.qtdSaidasAntecipadas++;
    if (d.excessoIntervalo > 0) counters.qtdExcessoRefeicao++;
    if (d.faltaMarcacao > 0) counters.qtdFaltaMarcacao++;
    if (d.interjornadaShortfall > 0) counters.qtdInterjornada++;
    if (d.worked > 0) {
      diasTrabalhados++;
      if (weekday(plans[i]!.date) === 0) domingos++;
    }
    const jl = JOURNEY_LABEL[d.dayType];
    const j = journeys.get(jl) ?? { descricao: jl, dias: 0, trabalhado: 0 };
    j.dias++;
    j.trabalhado += d.worked;
    journeys.set(jl, j);
  }
  // Adicional noturno: reduced minutes from the monthly real total, rounded once.
  const adicional = toReduced(nightReal, policy);
  totais.nightReduced = adicional;
  if (adicional > 0) {
    const nightDays = days.filter((d) => d.nightReal > 0).length;
    lines.set('ADICIONAL_NOTURNO', {
      codigo: 'ADICIONAL_NOTURNO',
      descricao: 'Adicional Noturno',
      dias: nightDays,
      valor: adicional,
    });
  }
  let dsrPaid = 0;
  let dsrPaidDays = 0;
  let dsrDebit = 0;
  let dsrDebitDays = 0;
  for (const w of weeks) {
    for (const pd of w.paidDays) {
      if (pd >= periodStart && pd <= periodEnd) {
        dsrPaid += policy.horasDSR;
        dsrPaidDays++;
      }
    }
    if (w.postingPeriod === label && w.dsrDebit > 0) {
      dsrDebit += w.dsrDebit;
      dsrDebitDays += w.lostDays.length;
    }
  }
  totais.dsr = dsrPaid;
  totais.dsrDebito = dsrDebit;
  if (dsrPaid > 0) lines.set('DSR', { codigo: 'DSR', descricao: 'DSR', dias: dsrPaidDays, valor: dsrPaid });
  if (dsrDebit > 0)
    lines.set('DSR_DEBITO', { codigo: 'DSR_DEBITO', descricao: 'DSR Débito', dias: dsrDebitDays, valor: dsrDebit });

  const horasExtrasEventos: OvertimeEventLine[] = [];
  for (const p of sortedPercents(he))
    if (he[p]! > 0) horasExtrasEventos.push({ codigo: `HE_${p}`, descricao: `HE ${p}%`, valor: he[p]! });
  for (const p of sortedPercents(hen))
    if (hen[p]! > 0)
      horasExtrasEventos.push({
        codigo: `HEN_${p}`,
        descricao: `HE Noturna ${p}%`,
        valor: hen[p]!,
        valorReduzido: toReduced(hen[p]!, policy),
      });

  // Súmula 172 reflex; 12x36 pay already includes DSR (art. 59-A).
  let reflexoDsr: MonthSummary['reflexoDsr'] = null;
  if (!plans.some((p) => p.regime12x36)) {
    let rest = 0;
    for (const p of plans) if (isRestDay(p, policy)) rest++;
    const working = plans.length - rest;
    const r1 = dsrReflex(rest, working, he);
    const r2 = dsrReflex(rest, working, hen);
    const eventos: OvertimeEventLine[] = [];
    for (const p of sortedPercents(r1.reflexByPercent))
      eventos.push({
        codigo: `REFLEXO_DSR_HE_${p}`,
        descricao: `Reflexo DSR s/ HE ${p}%`,
        valor: r1.reflexByPercent[p]!,
      });
    for (const p of sortedPercents(r2.reflexByPercent))
      eventos.push({
        codigo: `REFLEXO_DSR_HEN_${p}`,
        descricao: `Reflexo DSR s/ HE Noturna ${p}%`,
        valor: r2.reflexByPercent[p]!,
      });
    reflexoDsr = { restDays: rest, workingDays: working, eventos };
    // The reflex is also an event of the catalogue (§17.1); it is monthly, not per day (dias 0).
    for (const e of eventos) lines.set(e.codigo, { codigo: e.codigo, descricao: e.descricao, dias: 0, valor: e.valor });
  }
  const order: JourneyTotal['descricao'][] = ['Dias úteis', 'Sábados', 'Domingos', 'Feriados', 'Folgas'];
  return {
    periodo: label,
    totais,
    diasTrabalhados,
    jornada,
    jornadaEAbono: jornada + abono,
    horasTrabalhadas: worked,
    horasExtrasEventos,
    outrosEventos: [...lines.values()],
    totaisJornadas: order.map((o) => journeys.get(o) ?? { descricao: o, dias: 0, trabalhado: 0 }),
    reflexoDsr,
    contadores: counters,
    domingosTrabalhados: domingos,
    diasInterjornada: counters.qtdInterjornada,
  };
}
