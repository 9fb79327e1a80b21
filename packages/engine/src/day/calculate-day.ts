import type { CompiledPolicy } from '../model/policy.js';
import {
  DIA_EM_ABERTO,
  type Buckets,
  type CalcOptions,
  type DayInput,
  type DayPlan,
  type DayResult,
} from '../model/day.js';
import type { BandColumn } from '../model/policy.js';
import { effectivePunches, insertPreAssigned, mergeSecondInterval } from '../pairing/effective.js';
import { pairPunches, type Pairing } from '../pairing/pair.js';
import { measureDay, type RawDay } from '../raw/raw.js';
import { applyTolerance, type Counted } from '../tolerance/tolerance.js';
import { applyOccurrences, applyPartialAdjustments, CATEGORY_LABEL, type Ledger } from '../justification/justify.js';
import { NightClock, toReduced } from '../night/night.js';
import { distributeOvertime, type OvertimeDistribution } from '../overtime/bands.js';
import { bankCreditOf, bankSplitRule, storeDebits } from '../hour-bank/bank.js';
import { interjornadaShortfall, intrajornada, type IntrajornadaResult } from '../rest/rest.js';
import { formatDate, formatInstant } from '../model/civil.js';
import { measure, type Flat } from '../model/intervals.js';
import { Trace, hm } from '../model/trace.js';

const HE_LEGAL_LIMIT = 120; // art. 59 caput: at most 2 extra hours a day
const BANK_DAY_LIMIT = 600; // art. 59 §2: 10 h a day with the hour bank

function emptyResult(input: DayInput, planned: number, eff: number[]): DayResult {
  const plan = input.plan;
  return {
    date: formatDate(plan.date),
    dayType: plan.dayType,
    column: plan.column,
    planned,
    worked: 0,
    normal: 0,
    atraso: 0,
    saidaAntecipada: 0,
    falta: 0,
    excessoIntervalo: 0,
    faltaMarcacao: 0,
    faltaMarcacaoFlag: false,
    overtime: {},
    overtimeNight: {},
    overtimeNightReduced: {},
    nightReal: 0,
    nightReduced: 0,
    interjornadaShortfall: 0,
    intervaloSuprimido: 0,
    abono: 0,
    bankCredit: 0,
    bankDebit: 0,
    horasFaltantes: 0,
    irregular: false,
    descricaoEventos: [],
    explained: [],
    flags: [],
    effectivePunches: eff,
    pairs: [],
    orphans: [],
    endsWithOrphanEntry: false,
  };
}

const HE_LABEL = new Map<string, string>();
const HEN_LABEL = new Map<string, string>();
function label(memo: Map<string, string>, prefix: string, p: string): string {
  let l = memo.get(p);
  if (l === undefined) {
    l = `${prefix} ${p}%`;
    memo.set(p, l);
  }
  return l;
}

function pushIf(out: string[], v: number, name: string): void {
  if (v > 0) out.push(name);
}

/**
 * One event name per key of an overtime bucket, in `for…in` order. `count` and `lastKey` come from the
 * distribution (OvertimeDistribution.overtimeKeys…): a bucket with one key is not enumerated.
 */
function pushBucket(
  out: string[],
  b: Buckets,
  count: number,
  lastKey: string,
  memo: Map<string, string>,
  prefix: string,
): void {
  if (count === 1) pushIf(out, b[lastKey]!, label(memo, prefix, lastKey));
  else if (count > 1) for (const p in b) pushIf(out, b[p]!, label(memo, prefix, p));
}

/** Event names of the Detalhes tab (spec §17.1), in catalogue order; `dist` is the day's distribution. */
function describeEvents(r: DayResult, dist: OvertimeDistribution): string[] {
  const out: string[] = [];
  pushIf(out, r.normal, 'Horas Normais');
  pushIf(out, r.abono, 'Abono');
  pushIf(out, r.falta, 'Falta');
  pushIf(out, r.atraso, 'Atraso');
  pushIf(out, r.saidaAntecipada, 'Saída Antecipada');
  pushIf(out, r.excessoIntervalo, 'Excesso no Int. da Refeição');
  pushIf(out, r.faltaMarcacao, 'Falta de Marcação');
  pushBucket(out, r.overtime, dist.overtimeKeys, dist.overtimeLastKey, HE_LABEL, 'HE');
  pushBucket(out, r.overtimeNight, dist.overtimeNightKeys, dist.overtimeNightLastKey, HEN_LABEL, 'HE Noturna');
  pushIf(out, r.nightReduced, 'Adicional Noturno');
  pushIf(out, r.interjornadaShortfall, 'Interjornada');
  pushIf(out, r.intervaloSuprimido, 'Intervalo Intrajornada Suprimido');
  pushIf(out, r.bankCredit, 'Banco de Horas Crédito');
  pushIf(out, r.bankDebit, 'Banco de Horas Débito');
  return out;
}

/** §8 (`controleFalta` 1): the night part of a positioned debit is converted with the reduced hour. */
function toLegalMinutes(value: number, positions: Flat, night: NightClock, policy: CompiledPolicy): number {
  if (value === 0) return 0;
  let nightPart = 0;
  for (let i = 0; i < positions.length; i += 2) nightPart += night.windowMinutes(positions[i]!, positions[i + 1]!);
  if (nightPart > value) nightPart = value;
  return value - nightPart + toReduced(nightPart, policy);
}

function convertToLegal(
  ledger: Ledger,
  c: 'falta' | 'fm' | 'atraso' | 'saida',
  pos: Flat,
  night: NightClock,
  policy: CompiledPolicy,
  tr: Trace | null,
): void {
  const v = toLegalMinutes(ledger[c], pos, night, policy);
  if (tr && v !== ledger[c])
    tr.add(
      c,
      v,
      '§8 / art. 73 §1',
      `${CATEGORY_LABEL[c]} de ${ledger[c]} min com parte noturna convertida pela hora reduzida: ${v} min`,
    );
  ledger[c] = v;
}

/** §8 (`controleFalta` 1): every positioned debit of the ledger in legal minutes. */
function convertLedgerToLegal(ledger: Ledger, night: NightClock, policy: CompiledPolicy, tr: Trace | null): void {
  convertToLegal(ledger, 'falta', ledger.posFalta, night, policy, tr);
  convertToLegal(ledger, 'fm', ledger.posFm, night, policy, tr);
  convertToLegal(ledger, 'atraso', ledger.posAtraso, night, policy, tr);
  convertToLegal(ledger, 'saida', ledger.posSaida, night, policy, tr);
}

/** §4.2 row 1: afastamento days are not calculated; punches on them only raise a flag. */
function leaveDay(input: DayInput, eff: number[], tr: Trace | null): DayResult {
  const r = emptyResult(input, 0, eff);
  if (eff.length > 0) {
    r.flags.push('MARCACOES_EM_AFASTAMENTO');
    r.irregular = true;
  }
  if (tr) {
    const reason = input.plan.leaveReason ? ` (${input.plan.leaveReason})` : '';
    tr.add('planned', 0, '§4.2 / §14.5', `Dia em afastamento${reason}: não calculado`);
    r.trace = tr.steps;
  }
  return r;
}

/** §5.3 pre-assigned meal interval (art. 74 §2): two punches on a planned day get the planned interval. */
function withPreAssigned(
  eff: number[],
  slots: number[],
  P: number,
  policy: CompiledPolicy,
  tr: Trace | null,
): number[] {
  if (policy.mealMode !== 3 || P === 0 || eff.length !== 2) return eff;
  const out = insertPreAssigned(eff, slots);
  if (tr)
    tr.add('marcacoes', out.length, '§5.3 / art. 74 §2', 'Intervalo pré-assinalado inserido entre a entrada e a saída');
  return out;
}

/** Trace of steps 3–4: pairs, orphans and how the raw quantities were measured (§5.5, §6). */
function traceMeasurement(tr: Trace, plan: DayPlan, P: number, pairing: Pairing, raw: RawDay): void {
  tr.add('planned', P, '§4.2', `Horas previstas ${hm(P)} (${P} min), tipo de dia ${plan.dayType}`);
  for (let i = 0; i < pairing.pairs.length; i += 2)
    tr.add(
      'worked',
      pairing.pairs[i + 1]! - pairing.pairs[i]!,
      '§5.5',
      `Par ${formatInstant(pairing.pairs[i]!)} → ${formatInstant(pairing.pairs[i + 1]!)}`,
    );
  for (const o of pairing.orphans)
    tr.add('faltaMarcacaoFlag', 0, '§5.5', `Marcação ímpar ${formatInstant(o)} sem par: falta de marcação`);
  tr.add('worked', raw.worked, '§5.5', `Trabalhado = soma dos pares = ${raw.worked} min`);
  switch (raw.mode) {
    case 'absent':
      tr.add('falta', raw.falta, '§6.1', `Sem marcações em dia com ${P} min previstos: falta do dia inteiro`);
      break;
    case 'noPair':
      tr.add(
        'faltaMarcacao',
        raw.fm,
        '§6.2',
        `Marcações sem nenhum par completo: ${raw.fm} min de falta de marcação (não é falta)`,
      );
      break;
    case 'offSpan':
      tr.add(
        'falta',
        raw.falta,
        '§6.5',
        `Nenhum minuto trabalhado dentro do horário previsto: falta ${raw.falta} min e todo o trabalho é crédito`,
      );
      break;
    case 'flexible':
      tr.add('planned', P, '§6.6', `Horário flexível: só a carga diária de ${P} min é conferida`);
      break;
    case 'fixed':
      if (raw.fm > 0)
        tr.add('faltaMarcacao', raw.fm, '§6.2', `Minutos não trabalhados do período da marcação ímpar: ${raw.fm} min`);
      tr.add(
        'bruto',
        raw.worked - P,
        '§6.3',
        `Primeiro/último minuto no horário ${formatInstant(raw.first)}–${formatInstant(raw.last)}: atraso ${raw.atraso}, saída antecipada ${raw.saida}, ` +
          `excesso no intervalo ${raw.excesso}, entrada antecipada ${raw.cE}, saída após ${raw.cL}, intervalo menor ${raw.cI} (min, antes da tolerância)`,
      );
      break;
  }
}

/** Step 5 → `normal` (§7.4): planned minus the debits counted after tolerance, before justifications. */
function normalMinutes(P: number, raw: RawDay, counted: Counted, tr: Trace | null): number {
  const countedDebits = raw.falta + raw.fm + counted.atraso + counted.saida + counted.excesso;
  const normal = P - countedDebits;
  if (tr && P > 0)
    tr.add(
      'normal',
      normal,
      '§7.4',
      `Horas normais = previstas ${P} − débitos contados ${countedDebits} = ${normal} min`,
    );
  return normal;
}

/** Step 6 (§14): the counted debits with their positions, then occurrences and partial adjustments. */
function justifiedLedger(
  input: DayInput,
  raw: RawDay,
  counted: Counted,
  bankActive: boolean,
  tr: Trace | null,
): Ledger {
  const ledger: Ledger = {
    falta: raw.falta,
    fm: raw.fm,
    atraso: counted.atraso,
    saida: counted.saida,
    excesso: counted.excesso,
    posFalta: raw.posFalta,
    posFm: raw.posFm,
    posAtraso: counted.atraso > 0 ? raw.posAtraso : [],
    posSaida: counted.saida > 0 ? raw.posSaida : [],
    abono: 0,
    bankDebit: 0,
    explained: [],
    flags: [],
  };
  if (input.occurrences?.length) applyOccurrences(ledger, input.occurrences, bankActive, tr);
  if (input.partialAdjustments?.length) applyPartialAdjustments(ledger, input.partialAdjustments, bankActive, tr);
  return ledger;
}

/** Step 8 (§9): night minutes of the pairs, the Súmula 60 II extension and, if paid, the gaps. */
function nightMinutes(pairs: number[], plan: DayPlan, night: NightClock, policy: CompiledPolicy, tr: Trace | null) {
  let real = 0;
  if (pairs.length > 0) {
    // Súmula 60 II extension; not in 12x36 (art. 59-A sole paragraph).
    if (!plan.regime12x36) {
      const ext = night.setExtension(pairs[0]!, pairs[pairs.length - 1]!);
      if (tr && ext !== Infinity)
        tr.add(
          'nightReal',
          0,
          'art. 73 §5 / Súmula 60 II',
          `Jornada cobriu toda a janela noturna: minutos após ${formatInstant(ext)} também são noturnos`,
        );
    }
    for (let i = 0; i < pairs.length; i += 2) real += night.minutes(pairs[i]!, pairs[i + 1]!);
    if (!policy.descontarIntervalosNoturno) {
      let gapNight = 0;
      for (let i = 1; i + 1 < pairs.length; i += 2) gapNight += night.minutes(pairs[i]!, pairs[i + 1]!);
      if (tr && gapNight > 0)
        tr.add('nightReal', gapNight, '§9.3', `Intervalos dentro da janela noturna somados (${gapNight} min)`);
      real += gapNight;
    }
  }
  const reduced = toReduced(real, policy);
  if (tr && real > 0)
    tr.add(
      'nightReduced',
      reduced,
      'art. 73 §1',
      `${real} min noturnos reais × 60 / hora noturna = ${reduced} min reduzidos`,
    );
  return { real, reduced };
}

/** Step 9 (§10, §13.2): the credit timeline through the bands, with the bank's share and factor. */
function overtimeOf(
  raw: RawDay,
  counted: Counted,
  night: NightClock,
  policy: CompiledPolicy,
  column: BandColumn,
  bankActive: boolean,
  tr: Trace | null,
) {
  const split = bankSplitRule(policy, column, bankActive);
  const dist = distributeOvertime(counted.credit > 0 ? raw.timeline : [], night, policy, column, split);
  const bankCredit = bankCreditOf(policy, column, dist.bankMinutes);
  if (tr) {
    for (const [p, v] of Object.entries(dist.overtime))
      tr.add(`overtime.${p}`, v, '§10.2', `HE ${p}% (coluna ${column}): ${v} min`);
    for (const [p, v] of Object.entries(dist.overtimeNight))
      tr.add(`overtimeNight.${p}`, v, '§10.3', `HE noturna ${p}%: ${v} min`);
    if (dist.bankMinutes > 0)
      tr.add('bankCredit', bankCredit, '§13.2', `${dist.bankMinutes} min de HE ao banco × fator = ${bankCredit} min`);
  }
  return { dist, bankCredit };
}

/** Step 11: art. 71 §4 (§12) on the pairs and interjornada (§11) against the previous journey. */
function restOf(
  input: DayInput,
  slots: number[],
  eff: number[],
  pairs: number[],
  W: number,
  policy: CompiledPolicy,
  tr: Trace | null,
) {
  const plannedFirstInterval = slots.length >= 4 ? slots[2]! - slots[1]! : 0;
  const intra: IntrajornadaResult =
    pairs.length > 0
      ? intrajornada(pairs, W, plannedFirstInterval, tr)
      : { suppressed: 0, longestGap: 0, firstGapAfter: -1 };
  const ij = eff.length > 0 ? interjornadaShortfall(eff[0]!, input.previousJourney, policy.tempoInterjornada, tr) : 0;
  return { intra, ij };
}

/** Step 12: alerts that never change a number. */
function raiseFlags(
  flags: string[],
  input: DayInput,
  day: { P: number; W: number; eff: number[]; raw: RawDay; pairing: Pairing; overtime: number; bankActive: boolean },
  intra: IntrajornadaResult,
): void {
  if (day.raw.mode === 'offSpan') flags.push('MARCACOES_FORA_DO_HORARIO');
  if (day.pairing.orphans.length > 0) flags.push('FALTA_MARCACAO');
  if (day.P > 0 && day.overtime > HE_LEGAL_LIMIT) flags.push('HE_ACIMA_LIMITE_LEGAL');
  if (day.bankActive && day.W > BANK_DAY_LIMIT) flags.push('JORNADA_ACIMA_10H');
  if (day.eff.length > 0 && input.previousJourney?.endedWithOrphanEntry) flags.push('INTERJORNADA_INCERTA');
  if (day.W > 360 && intra.longestGap > 120) flags.push('INTERVALO_ACIMA_2H');
  if (intra.firstGapAfter > 360) flags.push('INTERVALO_APOS_6H');
}

/** What the steps produced, as one DayResult with the §17.4 helpers (`horasFaltantes`, `irregular`, …). */
function assembleResult(
  plan: DayPlan,
  d: {
    P: number;
    W: number;
    normal: number;
    eff: number[];
    pairing: Pairing;
    ledger: Ledger;
    dist: OvertimeDistribution;
    bankCredit: number;
    night: { real: number; reduced: number };
    intra: IntrajornadaResult;
    ij: number;
  },
): DayResult {
  const { ledger, pairing, eff } = d;
  const result: DayResult = {
    date: formatDate(plan.date),
    dayType: plan.dayType,
    column: plan.column,
    planned: d.P,
    worked: d.W,
    normal: d.normal,
    atraso: ledger.atraso,
    saidaAntecipada: ledger.saida,
    falta: ledger.falta,
    excessoIntervalo: ledger.excesso,
    faltaMarcacao: ledger.fm,
    faltaMarcacaoFlag: pairing.orphans.length > 0,
    overtime: d.dist.overtime,
    overtimeNight: d.dist.overtimeNight,
    overtimeNightReduced: d.dist.overtimeNightReduced,
    nightReal: d.night.real,
    nightReduced: d.night.reduced,
    interjornadaShortfall: d.ij,
    intervaloSuprimido: d.intra.suppressed,
    abono: ledger.abono,
    bankCredit: d.bankCredit,
    bankDebit: ledger.bankDebit,
    horasFaltantes: ledger.falta + ledger.atraso + ledger.saida + ledger.excesso + ledger.fm,
    irregular: false,
    descricaoEventos: [],
    explained: ledger.explained,
    flags: ledger.flags,
    effectivePunches: eff,
    pairs: pairing.pairs,
    orphans: pairing.orphans,
    endsWithOrphanEntry:
      pairing.lastOrphanIsEntry && pairing.orphans[pairing.orphans.length - 1] === eff[eff.length - 1],
  };
  result.irregular = result.horasFaltantes > 0 || pairing.orphans.length > 0 || d.ij > 0 || ledger.flags.length > 0;
  result.descricaoEventos = describeEvents(result, d.dist);
  return result;
}

/**
 * One day, in the order of operations of spec §19 (steps 2–12; step 1, the
 * plan, is resolved by the caller — see schedule/day-type.ts).
 */
export function calculateDay(input: DayInput, policy: CompiledPolicy, options?: CalcOptions): DayResult {
  const tr = options?.trace ? new Trace() : null;
  const plan = input.plan;
  // Only a day with three slots has a second interval to merge (§5.4); the others keep the plan's slots
  // (never mutated), without a copy per day.
  const slots =
    policy.descontarSegundoIntervalo || plan.slots.length !== 6 ? plan.slots : mergeSecondInterval(plan.slots);
  const P = measure(slots);
  if (plan.leave) return leaveDay(input, effectivePunches(input.punches), tr);

  const eff = withPreAssigned(effectivePunches(input.punches), slots, P, policy, tr);
  const pairing = pairPunches(eff, slots);
  const raw = measureDay(slots, eff.length, pairing, plan.flexible, policy.horaExtraRefeicao);
  const W = raw.worked;
  if (tr) traceMeasurement(tr, plan, P, pairing, raw);

  const counted = applyTolerance(raw, policy, tr);
  const normal = normalMinutes(P, raw, counted, tr);
  const bankActive = !!input.bankActive && policy.bank !== null;
  const ledger = justifiedLedger(input, raw, counted, bankActive, tr);
  const night = new NightClock(policy);
  if (policy.controleFalta === 1) convertLedgerToLegal(ledger, night, policy, tr);
  const nightMin = nightMinutes(pairing.pairs, plan, night, policy, tr);
  const { dist, bankCredit } = overtimeOf(raw, counted, night, policy, plan.column, bankActive, tr);
  // §13.3 storage of debits in the bank.
  if (bankActive && policy.bank) storeDebits(ledger, policy.bank, tr);
  const { intra, ij } = restOf(input, slots, eff, pairing.pairs, W, policy, tr);
  raiseFlags(ledger.flags, input, { P, W, eff, raw, pairing, overtime: dist.total, bankActive }, intra);

  const assembled = assembleResult(plan, {
    P,
    W,
    normal,
    eff,
    pairing,
    ledger,
    dist,
    bankCredit,
    night: nightMin,
    intra,
    ij,
  });
  const result = input.open ? notYetJudged(assembled, dist, tr) : assembled;
  if (tr) result.trace = tr.steps;
  return result;
}

/**
 * A day that has not ended (decision 0073): what was worked so far stands (punches, pairs, worked,
 * normal, overtime, night), but nothing is owed yet — a worker is not absent at 10:00 from a shift
 * that ends at 17:00, nor missing the exit punch of a journey still going on. The day is judged by
 * the calculation that runs once it is over.
 */
function notYetJudged(r: DayResult, dist: OvertimeDistribution, tr: Trace | null): DayResult {
  const open: DayResult = {
    ...r,
    atraso: 0,
    saidaAntecipada: 0,
    falta: 0,
    excessoIntervalo: 0,
    faltaMarcacao: 0,
    faltaMarcacaoFlag: false,
    interjornadaShortfall: 0,
    intervaloSuprimido: 0,
    abono: 0,
    bankDebit: 0,
    horasFaltantes: 0,
    irregular: false,
    explained: [],
    flags: [DIA_EM_ABERTO],
  };
  open.descricaoEventos = describeEvents(open, dist); // same overtime buckets as r
  if (tr)
    tr.add(
      'falta',
      0,
      'decisão 0073',
      'Dia ainda em andamento: marcações contadas, faltas e atrasos só quando o dia terminar',
    );
  return open;
}
