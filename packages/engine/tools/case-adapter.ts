/**
 * Thin adapter between the engine-cases/1 format (shared/spec/engine-cases.md)
 * and the engine API: case → engine inputs, engine outputs → the case's names.
 * It computes nothing itself; every number comes from the engine.
 */
import {
  bankActiveOn,
  calculateDay,
  compilePolicy,
  parseDate,
  parseInstant,
  formatDate,
  formatInstant,
  resolvePlan,
  absoluteSlots,
  bankFields,
  dsrReflex,
  monthRestDays,
  calculateResolvedDays,
  calculatePeriod,
  evaluateWeeks,
  attributePunches,
  expandRotation,
  rotationPositionOf,
  isRegime12x36,
  DEFAULT_POLICY,
  pairsFromRow,
  weekday,
  calendarDayType,
  type DayResult,
  type DebitCategory,
  type PolicyInput,
  type DayPunch,
  type ResolvedDay,
  type SlotPair,
  type CompiledPolicy,
  type RotationCycleInput,
  type DayRowInput,
  type ScheduleAssignmentInput,
} from '../src/index.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = Record<string, any>; // case files are untyped JSON

export interface CaseResult {
  id: string;
  actual?: Json;
  error?: string;
}

const BUCKET_KEYS = new Set(['overtime', 'overtimeNight', 'overtimeNightReduced', 'reflexByPercent']);

/** Projects `full` onto the keys of `expected` (buckets are passed through whole). */
export function shapeLike(full: unknown, expected: unknown, key = ''): Json {
  if (BUCKET_KEYS.has(key)) return (full ?? {}) as Json;
  if (
    expected &&
    typeof expected === 'object' &&
    !Array.isArray(expected) &&
    full &&
    typeof full === 'object' &&
    !Array.isArray(full)
  ) {
    const out: Record<string, Json> = {};
    for (const k of Object.keys(expected as Obj)) out[k] = shapeLike((full as Obj)[k], (expected as Obj)[k], k);
    return out;
  }
  return full === undefined ? null : (full as Json);
}

const SCOPE_ALIASES: Record<string, DebitCategory> = {
  falta: 'falta',
  faltas: 'falta',
  fm: 'fm',
  faltamarcacao: 'fm',
  faltademarcacao: 'fm',
  atraso: 'atraso',
  atrasos: 'atraso',
  saida: 'saida',
  saidaantecipada: 'saida',
  saidasantecipadas: 'saida',
  excesso: 'excesso',
  excessointervalo: 'excesso',
  excessorefeicao: 'excesso',
};

function category(s: string): DebitCategory {
  const c = SCOPE_ALIASES[s.replace(/[^a-z]/gi, '').toLowerCase()];
  if (!c) throw new Error(`evento desconhecido: '${s}'`);
  return c;
}

function mergedPolicy(defaults: PolicyInput | undefined, overrides: PolicyInput | undefined): CompiledPolicy {
  return compilePolicy({ ...DEFAULT_POLICY, ...(defaults ?? {}), ...(overrides ?? {}) });
}

function slotPairs(v: unknown): SlotPair[] {
  if (!v) return [];
  if (Array.isArray(v)) return v as SlotPair[];
  const o = v as Obj;
  if (Array.isArray(o.slots)) return o.slots as SlotPair[];
  return pairsFromRow(o);
}

function punchesOf(list: unknown, day: number): number[] {
  return ((list as string[] | undefined) ?? []).map((p) => parseInstant(p, day));
}

/** Day-case context → engine day inputs (punch edits, occurrences, previous journey). */
function dayItems(
  day: number,
  punches: unknown,
  ctx: Obj,
): { punches: DayPunch[]; extra: Partial<ResolvedDay>; prev: Obj | null } {
  const discarded = new Set(punchesOf(ctx.discardedPunches, day));
  const list: DayPunch[] = punchesOf(punches, day).map((at) => (discarded.has(at) ? { at, discarded: true } : { at }));
  for (const at of discarded) if (!list.some((p) => p.at === at)) list.push({ at, discarded: true });
  for (const at of punchesOf(ctx.insertedPunches, day)) list.push({ at, source: 'I' });
  const extra: Partial<ResolvedDay> = {};
  if (Array.isArray(ctx.occurrences))
    extra.occurrences = ctx.occurrences.map((o: Obj) => ({
      justificationType: Number(o.tipo),
      scopes: (o.scopes ?? []).map(category),
    }));
  if (Array.isArray(ctx.partialAdjustments))
    extra.partialAdjustments = ctx.partialAdjustments.map((a: Obj) => ({
      justificationType: Number(a.tipo),
      event: category(String(a.event)),
      start: parseInstant(String(a.start), day),
      end: parseInstant(String(a.end), day),
    }));
  let prev: Obj | null = null;
  if (ctx.previousJourneyLastPunch) {
    const between = ctx.daysBetween;
    const entries: Obj[] = Array.isArray(between)
      ? between
      : between && typeof between === 'object'
        ? Object.entries(between as Obj).map(([date, v]) => ({ date, ...(v as Obj) }))
        : [];
    const unworked = entries.some((e) => e.dsrDay && !(e.worked === true || Number(e.worked) > 0));
    prev = { lastPunch: parseInstant(String(ctx.previousJourneyLastPunch), day), unworkedDsrBetween: unworked };
  }
  return { punches: list, extra, prev };
}

function planOf(day: number, dayType: string, pairs: SlotPair[], sched: Obj, ctx: Obj) {
  const change = ctx.scheduleChange ? slotPairs(ctx.scheduleChange) : null;
  return resolvePlan({
    date: day,
    slots: absoluteSlots(day, change ?? pairs),
    flexible: !change && !!sched.horarioFlexivel,
    regime12x36: !!sched.regime12x36,
    holiday: dayType === 'holiday',
    holidayExcluded: !!ctx.holidayExcluded,
    dayOff: dayType === 'dayoff',
    leave: dayType === 'leave' || !!ctx.leave,
  });
}

export function dayFields(r: DayResult): Obj {
  return {
    worked: r.worked,
    normal: r.normal,
    atraso: r.atraso,
    saidaAntecipada: r.saidaAntecipada,
    falta: r.falta,
    excessoIntervalo: r.excessoIntervalo,
    faltaMarcacao: r.faltaMarcacao,
    faltaMarcacaoFlag: r.faltaMarcacaoFlag,
    overtime: r.overtime,
    overtimeNight: r.overtimeNight,
    overtimeNightReduced: r.overtimeNightReduced,
    nightReal: r.nightReal,
    nightReduced: r.nightReduced,
    interjornadaShortfall: r.interjornadaShortfall,
    intervaloSuprimido: r.intervaloSuprimido,
    abono: r.abono,
    bankCredit: r.bankCredit,
    bankDebit: r.bankDebit,
  };
}

function runDay(c: Obj, defaults: PolicyInput | undefined): Obj {
  const day = parseDate(c.date);
  const sched: Obj = c.schedule ?? {};
  const ctx: Obj = c.context ?? {};
  const policy = mergedPolicy(defaults, sched.policy);
  const plan = planOf(day, String(c.dayType ?? 'weekday'), slotPairs(sched.slots), sched, ctx);
  const items = dayItems(day, c.punches, ctx);
  const r = calculateDay(
    {
      plan,
      punches: items.punches,
      ...items.extra,
      previousJourney: items.prev as never,
      bankActive: bankActiveOn(policy.bank, day),
      ...(ctx.open ? { open: true } : {}),
    },
    policy,
  );
  return dayFields(r);
}

function weekdayPairs(byWeekday: Obj, day: number): SlotPair[] {
  const wd = weekday(day); // 0 = Sunday
  const key = wd === 0 ? 'sun' : wd === 6 ? 'sat' : 'mon-fri';
  const specific = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][wd]!;
  return slotPairs(byWeekday[specific] ?? byWeekday[key]);
}

function runWeek(c: Obj, defaults: PolicyInput | undefined): Obj {
  const sched: Obj = c.schedule ?? {};
  const policy = mergedPolicy(defaults, sched.policy);
  const days: ResolvedDay[] = (c.days as Obj[]).map((d) => {
    const day = parseDate(d.date);
    const ctx: Obj = d.context ?? {};
    const plan = planOf(day, String(d.dayType), weekdayPairs(sched.slotsByWeekday ?? {}, day), sched, ctx);
    const items = dayItems(day, d.punches, ctx);
    const rd: ResolvedDay = { plan, policy, punches: items.punches, ...items.extra };
    if (items.prev) rd.previousJourney = items.prev as ResolvedDay['previousJourney'];
    return rd;
  });
  const results = calculateResolvedDays(days);
  const closing: Obj | undefined = c.closing;
  const [week] = evaluateWeeks(
    days,
    results,
    closing ? { startDay: closing.diaInicioFechamento, endDay: closing.diaFinalFechamento } : null,
  );
  const byDate: Obj = {};
  const totals = { falta: 0, abono: 0, normal: 0, atraso: 0, saidaAntecipada: 0, worked: 0 };
  for (const r of results) {
    if (!r) continue;
    byDate[r.date] = dayFields(r);
    totals.falta += r.falta;
    totals.abono += r.abono;
    totals.normal += r.normal;
    totals.atraso += r.atraso;
    totals.saidaAntecipada += r.saidaAntecipada;
    totals.worked += r.worked;
  }
  return {
    days: byDate,
    totals,
    dsr: week
      ? {
          dsrDays: week.dsrDays,
          dsrPaid: week.dsrPaid,
          dsrDebit: week.dsrDebit,
          lostDays: week.lostDays,
          postingPeriod: week.postingPeriod,
        }
      : null,
  };
}

function runAttribution(c: Obj, defaults: PolicyInput | undefined): Obj {
  const sched: Obj = c.schedule ?? {};
  const policy = mergedPolicy(defaults, sched.policy);
  const dates: number[] = (c.dates as string[]).map(parseDate);
  const firstDay = Math.min(...dates);
  const lastDay = Math.max(...dates);
  const byWeekday: Obj = sched.slotsByWeekday ?? {};
  const cutSlotsOf = (day: number): readonly number[] => {
    // §5.1: own base slots, else the nearest previous date's (up to 7 days) placed on the date.
    for (let back = 0; back <= 7; back++) {
      const pairs = weekdayPairs(byWeekday, day - back);
      if (pairs.length > 0) return absoluteSlots(day, pairs);
    }
    return [];
  };
  const raw = ((c.rawPunches as string[]) ?? []).map((s) => ({ at: parseInstant(s), move: 0 }));
  for (const m of (c.moves as Obj[] | undefined) ?? []) {
    const at = parseInstant(String(m.punch));
    const p = raw.find((x) => x.at === at);
    if (p) p.move = Number(m.days ?? m.move ?? 0);
  }
  const owned = attributePunches(raw, firstDay, lastDay, cutSlotsOf, policy);
  const attribution: Obj = {};
  for (const d of dates) attribution[formatDate(d)] = owned[d - firstDay]!.map((p) => formatInstant(p.at));
  const out: Obj = { attribution };
  const dayResultDate: string | undefined =
    c.dayResultDate ?? c.expected?.dayResult?.date ?? (c.expected?.dayResult ? c.dates[0] : undefined);
  if (dayResultDate) {
    const day = parseDate(dayResultDate);
    const dayType = String(c.dayTypes?.[dayResultDate] ?? calendarDayType(day).dayType);
    const plan = planOf(day, dayType, weekdayPairs(byWeekday, day), sched, {});
    const r = calculateDay(
      { plan, punches: owned[day - firstDay]!.map((p) => ({ at: p.at })), bankActive: bankActiveOn(policy.bank, day) },
      policy,
    );
    out.dayResult = { date: dayResultDate, ...dayFields(r) };
  }
  return out;
}

function runRotation(c: Obj, defaults: PolicyInput | undefined): Obj {
  const sched: Obj = c.schedule ?? {};
  const policy = mergedPolicy(defaults, sched.policy);
  const cycles: RotationCycleInput[] = (sched.cycles as Obj[]).map((x) => ({
    position: Number(x.posicao),
    workDays: Number(x.diasTrabalhados),
    offDays: Number(x.diasFolgas),
    repeat: Number(x.fatorRepeticao ?? 1),
    slots: slotPairs(x.slots ?? x),
  }));
  const seq = expandRotation(cycles);
  const anchor = parseDate(c.anchorDate ?? sched.anchorDate);
  const r12 = isRegime12x36(cycles);
  const queries: Obj[] = [];
  const byDate: Obj = {};
  for (const q of (c.queries as Obj[]) ?? []) {
    const day = parseDate(q.date);
    const pos = rotationPositionOf(seq, anchor, day);
    const ctx: Obj = q.context ?? {};
    const plan = resolvePlan({
      date: day,
      slots: absoluteSlots(day, pos ?? []),
      regime12x36: r12,
      holiday: q.dayType === 'holiday' || !!q.holiday,
      holidayExcluded: !!ctx.holidayExcluded,
      dayOff: pos === null,
    });
    const items = dayItems(day, q.punches, ctx);
    const r = calculateDay(
      { plan, punches: items.punches, ...items.extra, bankActive: bankActiveOn(policy.bank, day) },
      policy,
    );
    const res: Obj = {
      resolvedDayType: pos === null ? 'dayoff' : 'workday',
      plannedSlots: (pos ?? []).map(([a, b]) => [a, b]),
      regime12x36: r12,
      ...dayFields(r),
    };
    const shaped = shapeLike(res, q.expected ?? res) as Obj;
    queries.push({ date: q.date, ...shaped });
    byDate[q.date] = shaped;
  }
  return { queries, ...byDate };
}

function runMonthBank(c: Obj): Obj {
  const i: Obj = c.input ?? {};
  return bankFields(
    Number(i.saldoAnteriorBH ?? 0),
    ((i.launchedBalances as Obj[]) ?? []).map((l) => ({
      minutes: Number(l.minutes),
      negative: !!l.valorNegativo,
    })),
    (i.dailyBankCredits as number[]) ?? [],
    (i.dailyBankDebits as number[]) ?? [],
    i.redefinirSaldo === true,
  ) as unknown as Obj;
}

function runMonthDsrOvertime(c: Obj): Obj {
  const i: Obj = c.input ?? {};
  const pagar = Number(i.pagarDSR ?? 1) === 2 ? 2 : 1;
  const { restDays, workingDays } = monthRestDays(
    String(i.month),
    pagar,
    ((i.holidays as string[]) ?? []).map(parseDate),
    ((i.plannedOffDays ?? i.offDays ?? []) as string[]).map(parseDate),
  );
  return dsrReflex(restDays, workingDays, (i.overtimeByPercent as Record<string, number>) ?? {}) as unknown as Obj;
}

/** `slotsByWeekday` of a case → weekly rows in the seed's numbering (1 = Sunday … 7 = Saturday), days with slots only. */
function dayRowsOf(byWeekday: Obj): DayRowInput[] {
  const rows: DayRowInput[] = [];
  // 1970-01-04 (day 3) was a Sunday: day 3 + wd falls on weekday wd.
  for (let wd = 0; wd < 7; wd++) {
    const slots = weekdayPairs(byWeekday, 3 + wd);
    if (slots.length > 0) rows.push({ dayOfWeek: wd + 1, slots });
  }
  return rows;
}

/**
 * Own kind `period` (NOTES.md, case format details): one employee × one closing period through
 * `calculatePeriod`, with a schedule history (`schedules`: `{from, to, slotsByWeekday, policy}`, a
 * version "A partir de" or a move to another schedule) and the punches as `'YYYY-MM-DD HH:MM'`.
 * Answers the month's events by code (`{dias, valor}`), `totais`, and the weeks by Monday.
 */
function runPeriod(c: Obj, defaults: PolicyInput | undefined): Obj {
  const schedules: ScheduleAssignmentInput[] = (c.schedules as Obj[]).map((s) => ({
    from: String(s.from),
    to: s.to ?? null,
    schedule: {
      kind: 'weekly',
      dayRows: dayRowsOf(s.slotsByWeekday ?? {}),
      policy: { ...(defaults ?? {}), ...(s.policy ?? {}) },
    },
  }));
  const r = calculatePeriod({
    start: String(c.start),
    end: String(c.end),
    schedules,
    punches: ((c.punches as string[]) ?? []).map((at) => ({ at })),
    holidays: ((c.holidays as string[]) ?? []).map((date) => ({ date, scope: 1 })),
    ...(c.openFrom ? { openFrom: String(c.openFrom) } : {}),
  });
  const events: Obj = {};
  for (const e of r.summary.outrosEventos) events[e.codigo] = { dias: e.dias, valor: e.valor };
  const weeks: Obj = {};
  for (const w of r.weeks)
    weeks[w.monday] = {
      dsrDays: w.dsrDays,
      dsrPaid: w.dsrPaid,
      dsrDebit: w.dsrDebit,
      lostDays: w.lostDays,
      postingPeriod: w.postingPeriod,
      paidDays: w.paidDays,
    };
  return { events, totais: r.summary.totais, weeks };
}

export function runCase(c: Obj, defaults?: PolicyInput): CaseResult {
  const id = String(c.id ?? '?');
  try {
    let full: Obj;
    switch (c.kind) {
      case 'day':
        full = runDay(c, defaults);
        break;
      case 'week':
        full = runWeek(c, defaults);
        break;
      case 'attribution':
        full = runAttribution(c, defaults);
        break;
      case 'rotation':
        return { id, actual: runRotation(c, defaults) as Json };
      case 'month_bank':
        full = runMonthBank(c);
        break;
      case 'month_dsr_overtime':
        full = runMonthDsrOvertime(c);
        break;
      case 'period':
        full = runPeriod(c, defaults);
        break;
      default:
        throw new Error(`tipo de caso desconhecido: '${String(c.kind)}'`);
    }
    return { id, actual: c.expected ? shapeLike(full, c.expected) : (full as Json) };
  } catch (e) {
    return { id, error: e instanceof Error ? e.message : String(e) };
  }
}

export function runCaseDocument(doc: Obj): { results: CaseResult[] } {
  const defaults: PolicyInput | undefined = doc?.defaults?.policy;
  const cases: Obj[] = Array.isArray(doc?.cases) ? doc.cases : [];
  return { results: cases.map((c) => runCase(c, defaults)) };
}
