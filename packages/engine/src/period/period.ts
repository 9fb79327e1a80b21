import type { ResolvedDay } from '../model/period.js';
import { compilePolicy } from '../policy/compile.js';
import type { CompiledPolicy } from '../model/policy.js';
import type {
  CalcOptions,
  DayInput,
  DayPlan,
  DayResult,
  DayOccurrence,
  DayPartialAdjustment,
  DayPunch,
} from '../model/day.js';
import { calculateDay } from '../day/calculate-day.js';
import { effectivePunches } from '../pairing/effective.js';
import { pairPunches } from '../pairing/pair.js';
import { resolvePlan } from '../schedule/day-type.js';
import { placeSlots, relativeSlots } from '../schedule/slots.js';
import { expandRotation, isRegime12x36, rotationPositionOf } from '../schedule/rotation.js';
import type { RotationPosition } from '../model/schedule.js';
import { HolidayCalendar } from '../schedule/holidays.js';
import { attributePunches } from '../attribution/attribute.js';
import { bankActiveOn } from '../hour-bank/bank.js';
import { closingPeriodOf, dsrDaysOfWeek, evaluateWeek } from '../dsr/dsr.js';
import type { ClosingRule, WeekDsr } from '../model/period.js';
import { summarizePeriod } from '../summary/summary.js';
import { bankFields, bankTotalsList } from '../summary/bank-fields.js';
import type { BankFields } from '../model/summary.js';
import { formatDate, mondayOf, parseDate, parseInstant, weekday } from '../model/civil.js';
import type { PeriodInput, PeriodResult, ScheduleAssignmentInput, DayRowInput } from '../model/period.js';

/** Days before the first calculated week whose punches only feed interjornada (§18). */
const LOOKBACK = 7;

interface CompiledAssignment {
  from: number;
  to: number;
  /** Day 0 of the rotation sequence. */
  anchor: number;
  policy: CompiledPolicy;
  kind: 'weekly' | 'rotation';
  rows: (DayRowInput | undefined)[];
  /** Relative slot minutes per weekday (0 = Sunday). */
  rowSlots: number[][];
  /** Relative slot minutes per rotation position; null = off day. */
  rotation: (number[] | null)[];
  regime12x36: boolean;
}

/**
 * Compiled schedules by identity, for frozen schedule objects only: the API can
 * freeze the configuration it shares between the employees that use it, and it
 * is then compiled once. Unfrozen objects are compiled on every call, so a
 * caller that edits its objects in place never gets a stale compilation.
 */
const SCHEDULE_CACHE = new WeakMap<
  ScheduleAssignmentInput['schedule'],
  Omit<CompiledAssignment, 'from' | 'to' | 'anchor'>
>();

function compileAssignment(a: ScheduleAssignmentInput): CompiledAssignment {
  const frozen = Object.isFrozen(a.schedule);
  let c = frozen ? SCHEDULE_CACHE.get(a.schedule) : undefined;
  if (!c) {
    c = compileSchedule(a.schedule);
    if (frozen) SCHEDULE_CACHE.set(a.schedule, c);
  }
  const from = parseDate(a.from);
  // Field by field: an object spread of the cached compilation cost ~2 µs per employee (issue 26 §5).
  return {
    from,
    to: a.to ? parseDate(a.to) : Infinity,
    anchor: a.anchor ? parseDate(a.anchor) : from,
    policy: c.policy,
    kind: c.kind,
    rows: c.rows,
    rowSlots: c.rowSlots,
    rotation: c.rotation,
    regime12x36: c.regime12x36,
  };
}

function compileSchedule(s: ScheduleAssignmentInput['schedule']): Omit<CompiledAssignment, 'from' | 'to' | 'anchor'> {
  const rows: (DayRowInput | undefined)[] = new Array(7).fill(undefined);
  const rowSlots: number[][] = [[], [], [], [], [], [], []];
  for (const r of s.dayRows ?? []) {
    const wd = (r.dayOfWeek - 1 + 7) % 7;
    rows[wd] = r;
    rowSlots[wd] = relativeSlots(r.slots);
  }
  const cycles = s.cycles ?? [];
  return {
    policy: compilePolicy(s.policy),
    kind: s.kind,
    rows,
    rowSlots,
    rotation:
      s.kind === 'rotation' ? expandRotation(cycles).map((p: RotationPosition) => (p ? relativeSlots(p) : null)) : [],
    regime12x36: s.kind === 'rotation' && isRegime12x36(cycles),
  };
}

/** DSR days of every complete Monday–Sunday week in `days` (Súmula 110 needs them between journeys). */
function dsrDaysOfWeeks(days: readonly ResolvedDay[]): Set<number> {
  const dsr = new Set<number>();
  for (let i = 0; i + 7 <= days.length; i++) {
    if (weekday(days[i]!.plan.date) !== 1) continue;
    const plans = days.slice(i, i + 7).map((x) => x.plan);
    for (const d of dsrDaysOfWeek(plans, days[i + 6]!.policy)) dsr.add(d);
  }
  return dsr;
}

/**
 * Runs the day calculation over consecutive resolved days, chaining the
 * previous journey for interjornada (§11) and knowing the DSR days for
 * Súmula 110. `lookback` leading days are used only as previous journeys;
 * days from `openFrom` on (an engine day number) are not over yet
 * (DayInput.open).
 */
export function calculateResolvedDays(
  days: readonly ResolvedDay[],
  options?: CalcOptions,
  lookback = 0,
  openFrom = Infinity,
): (DayResult | null)[] {
  const out: (DayResult | null)[] = [];
  const dsr = dsrDaysOfWeeks(days);
  const isDsr = (day: number, policy: CompiledPolicy): boolean =>
    dsr.has(day) || (policy.pagarDSR === 1 && weekday(day) === 0);
  let prevDay = -Infinity;
  let prevLast = 0;
  let prevOrphanEntry = false;
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    const day = d.plan.date;
    let previousJourney: DayInput['previousJourney'] = null;
    if (d.previousJourney !== undefined && day - prevDay > 7) previousJourney = d.previousJourney;
    else if (day - prevDay <= 7) {
      let between = false;
      for (let x = prevDay + 1; x < day; x++) if (isDsr(x, d.policy)) between = true;
      previousJourney = { lastPunch: prevLast, endedWithOrphanEntry: prevOrphanEntry, unworkedDsrBetween: between };
    }
    if (i < lookback) {
      out.push(null);
    } else {
      const input: DayInput = {
        plan: d.plan,
        punches: d.punches,
        previousJourney,
        bankActive: bankActiveOn(d.policy.bank, day),
      };
      if (d.occurrences) input.occurrences = d.occurrences;
      if (d.partialAdjustments) input.partialAdjustments = d.partialAdjustments;
      if (day >= openFrom) input.open = true;
      const r = calculateDay(input, d.policy, options);
      out.push(r);
      if (r.effectivePunches.length > 0) {
        prevDay = day;
        prevLast = r.effectivePunches[r.effectivePunches.length - 1]!;
        prevOrphanEntry = r.endsWithOrphanEntry;
      }
      continue;
    }
    // Lookback day: only its last effective punch matters.
    const eff = effectivePunches(d.punches);
    if (eff.length > 0) {
      prevDay = day;
      prevLast = eff[eff.length - 1]!;
      const pr = pairPunches(eff, d.plan.slots);
      prevOrphanEntry = pr.lastOrphanIsEntry && pr.orphans[pr.orphans.length - 1] === prevLast;
    }
  }
  return out;
}

/** DSR of each Monday–Sunday week in `days` (which must start on a Monday). */
export function evaluateWeeks(
  days: readonly ResolvedDay[],
  results: readonly (DayResult | null)[],
  closing?: ClosingRule | null,
): WeekDsr[] {
  const weeks: WeekDsr[] = [];
  for (let i = 0; i + 7 <= days.length; i += 7) {
    if (weekday(days[i]!.plan.date) !== 1) throw new Error('semana deve começar na segunda-feira');
    const plans = days.slice(i, i + 7).map((d) => d.plan);
    weeks.push(evaluateWeek(plans, results.slice(i, i + 7), days[i + 6]!.policy, closing));
  }
  return weeks;
}

const NONE: number[] = [];

/**
 * The schedule side of a period (§4.1, §5.1): which assignment rules a date,
 * its base slots, and the slots its day cut uses.
 */
class ScheduleCalendar {
  private readonly assignments: CompiledAssignment[];
  readonly fallbackPolicy: CompiledPolicy;
  readonly changes = new Map<number, number[]>();
  // Placed slots are never mutated by the engine, so the cut and the plan share them. Indexed by
  // `day − cutBase` (the days asked for are a few consecutive weeks): a Map paid a hash insert per day.
  private readonly cutCache: (number[] | undefined)[] = [];
  private cutBase = NaN;

  constructor(input: PeriodInput) {
    this.assignments = input.schedules.map(compileAssignment).sort((a, b) => a.from - b.from);
    this.fallbackPolicy = this.assignments[0]?.policy ?? compilePolicy({});
    for (const c of input.scheduleChanges ?? []) this.changes.set(parseDate(c.date), relativeSlots(c.slots));
  }

  /** Policy of the day cut: the first assignment's (NOTES decision 12). */
  get attributionPolicy(): CompiledPolicy {
    return this.fallbackPolicy;
  }

  assignmentOf(day: number): CompiledAssignment | undefined {
    let found: CompiledAssignment | undefined;
    for (const a of this.assignments) if (a.from <= day && day <= a.to) found = a;
    return found;
  }

  policyOn(day: number): CompiledPolicy {
    return this.assignmentOf(day)?.policy ?? this.fallbackPolicy;
  }

  /**
   * Relative base slots of assignment `a` on `day` (§4.1 step 2); null = a rotation off day. (Two
   * answers without an object per call: this runs for every day and every day-cut lookup.)
   */
  pairsOn(a: CompiledAssignment | undefined, day: number): number[] | null {
    if (!a) return NONE;
    if (a.kind === 'rotation') return rotationPositionOf(a.rotation, a.anchor, day);
    return a.rowSlots[weekday(day)]!;
  }

  /** Relative base slots of the schedule valid on `day`, off days included as no slots. */
  basePairs(day: number): number[] {
    return this.pairsOn(this.assignmentOf(day), day) ?? NONE;
  }

  /** Slots used for the day cut (§5.1): own slots, else the previous date's template. */
  cutSlotsOf(day: number): number[] {
    if (this.cutBase !== this.cutBase) this.cutBase = day - 16; // NaN: first call
    const i = day - this.cutBase;
    const cacheable = i >= 0 && i < 4096;
    const hit = cacheable ? this.cutCache[i] : undefined;
    if (hit) return hit;
    let pairs = this.changes.get(day) ?? this.basePairs(day);
    for (let back = 1; pairs.length === 0 && back <= 7; back++) pairs = this.basePairs(day - back);
    const s = placeSlots(day, pairs);
    if (cacheable) {
      // Fill any gap first so the array stays packed.
      for (let k = this.cutCache.length; k < i; k++) this.cutCache.push(undefined);
      this.cutCache[i] = s;
    }
    return s;
  }
}

/** §5.1 + Mover Marcações: the period's punches owned by each date of `first..last`. */
function attributedPunches(input: PeriodInput, first: number, last: number, cal: ScheduleCalendar): DayPunch[][] {
  const raw = input.punches.map((p) => {
    const o: DayPunch & { move?: number } = { at: typeof p.at === 'number' ? p.at : parseInstant(p.at) };
    if (p.source) o.source = p.source;
    if (p.discarded) o.discarded = true;
    if (p.move) o.move = p.move;
    return o;
  });
  return attributePunches(raw, first, last, (day) => cal.cutSlotsOf(day), cal.attributionPolicy);
}

/** Occurrences spread over each date of their range, and partial adjustments by date (§14.1, §14.3). */
function justificationsByDay(input: PeriodInput, first: number, last: number) {
  const occurrences = new Map<number, DayOccurrence[]>();
  for (const o of input.occurrences ?? []) {
    const oEnd = parseDate(o.end);
    for (let d = parseDate(o.start); d <= oEnd; d++) {
      if (d < first || d > last) continue;
      const list = occurrences.get(d) ?? [];
      list.push({ justificationType: o.justificationType, scopes: o.scopes });
      occurrences.set(d, list);
    }
  }
  const adjustments = new Map<number, DayPartialAdjustment[]>();
  for (const a of input.partialAdjustments ?? []) {
    const d = parseDate(a.date);
    const list = adjustments.get(d) ?? [];
    list.push({
      justificationType: a.justificationType,
      event: a.event,
      start: parseInstant(a.start),
      end: parseInstant(a.end),
    });
    adjustments.set(d, list);
  }
  return { occurrences, adjustments };
}

/** Step 1 of §19 for every date of `first..last`, with the items attributed to it. */
function resolveDays(input: PeriodInput, first: number, last: number, cal: ScheduleCalendar): ResolvedDay[] {
  const holidays = new HolidayCalendar(input.holidays ?? [], input.employee);
  const excluded = new Set((input.holidayExclusions ?? []).map(parseDate));
  const daysOff = new Set((input.daysOff ?? []).map(parseDate));
  const leaves = (input.leaves ?? []).map((l) => ({
    from: parseDate(l.start),
    to: parseDate(l.end),
    reason: l.reason,
  }));
  const attributed = attributedPunches(input, first, last, cal);
  const { occurrences, adjustments } = justificationsByDay(input, first, last);
  const days: ResolvedDay[] = [];
  for (let day = first; day <= last; day++) {
    const a = cal.assignmentOf(day);
    const base = cal.pairsOn(a, day);
    const change = cal.changes.get(day);
    const pairs = change ?? base ?? NONE;
    const leave = leaves.length > 0 ? leaves.find((l) => l.from <= day && day <= l.to) : undefined;
    const row = a && a.kind === 'weekly' ? a.rows[weekday(day)] : undefined;
    const plan = resolvePlan({
      date: day,
      // The cut slots of a date with its own slots are exactly its planned slots: reuse them.
      slots: pairs.length > 0 ? cal.cutSlotsOf(day) : NONE,
      flexible: !change && !!row?.flexible,
      regime12x36: !!a?.regime12x36,
      holiday: holidays.isHoliday(day),
      holidayExcluded: excluded.has(day),
      dayOff: daysOff.has(day) || (!change && base === null),
      leave: !!leave,
      // resolvePlan copies a reason only when there is one; no spread of an object per day.
      leaveReason: leave?.reason,
    });
    const rd: ResolvedDay = { plan, policy: a?.policy ?? cal.fallbackPolicy, punches: attributed[day - first]! };
    const occ = occurrences.get(day);
    if (occ) rd.occurrences = occ;
    const adj = adjustments.get(day);
    if (adj) rd.partialAdjustments = adj;
    days.push(rd);
  }
  return days;
}

/** §17.3 fields of the period, with its manual entries and a "Redefinir Saldo" of its month. */
function periodBank(
  input: PeriodInput,
  start: number,
  end: number,
  label: string,
  days: readonly DayResult[],
): BankFields {
  const entries = (input.bankEntries ?? []).filter((l) => {
    const d = parseDate(l.date);
    return d >= start && d <= end;
  });
  return bankFields(
    input.previousBankBalance ?? 0,
    entries,
    days.map((d) => d.bankCredit),
    days.map((d) => d.bankDebit),
    (input.bankResets ?? []).includes(label),
  );
}

/**
 * One employee × one closing period (issue point 2): resolves every date
 * (§4, §15), attributes punches (§5.1), calculates the days (§5–§14), the
 * weeks' DSR (§16) and the monthly summary (§17). Whole weeks are calculated,
 * plus LOOKBACK days before them for interjornada (§18).
 */
export function calculatePeriod(input: PeriodInput, options?: CalcOptions): PeriodResult {
  const start = parseDate(input.start);
  const end = parseDate(input.end);
  if (end < start) throw new Error('período inválido: fim antes do início');
  const first = mondayOf(start) - LOOKBACK;
  const last = mondayOf(end) + 6;
  const cal = new ScheduleCalendar(input);
  const days = resolveDays(input, first, last, cal);

  const openFrom = input.openFrom === undefined ? Infinity : parseDate(input.openFrom);
  const results = calculateResolvedDays(days, options, LOOKBACK, openFrom);
  const weekDays = days.slice(LOOKBACK);
  const weekResults = results.slice(LOOKBACK);
  const weeks = evaluateWeeks(weekDays, weekResults, input.closing);

  const outDays: DayResult[] = [];
  const outPlans: DayPlan[] = [];
  for (let i = 0; i < weekDays.length; i++) {
    const d = weekDays[i]!.plan.date;
    if (d < start || d > end) continue;
    outDays.push(weekResults[i]!);
    outPlans.push(weekDays[i]!.plan);
  }
  const label = closingPeriodOf(end, input.closing);
  const policy = cal.policyOn(end);
  const summary = summarizePeriod(label, outPlans, outDays, weeks, policy, formatDate(start), formatDate(end));
  const bank = policy.bank ? periodBank(input, start, end, label, outDays) : null;
  const warnings: string[] = [];
  if (policy.bank?.exceedsIndividualLimit) warnings.push('BANCO_ACORDO_INDIVIDUAL_ACIMA_6_MESES');
  return { days: outDays, weeks, summary, bank, totaisBancoHoras: bank ? bankTotalsList(bank) : null, warnings };
}
