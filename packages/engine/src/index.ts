/**
 * @jornada/engine — pure time-calculation engine (shared/spec/calculation-rules.md).
 * Integer minutes, wall-clock dates, no I/O, no clock reads, no time zones.
 */
export type {
  BandColumn,
  BankDayKey,
  BankStorageInput,
  BankTransferInput,
  CompiledPolicy,
  OvertimeBandInput,
  PolicyInput,
} from './model/policy.js';
export { compilePolicy, DEFAULT_POLICY, parseFactor } from './policy/compile.js';
export type {
  Buckets,
  CalcOptions,
  DayInput,
  DayPlan,
  DayResult,
  DayType,
  DebitCategory,
  DayOccurrence,
  DayPartialAdjustment,
  PreviousJourney,
  DayPunch,
  PunchSource,
} from './model/day.js';
export { calculateDay } from './day/calculate-day.js';
export { DEBIT_CATEGORIES, DIA_EM_ABERTO } from './model/day.js';
export { resolvePlan, calendarDayType } from './schedule/day-type.js';
export type { PlanFacts } from './model/schedule.js';
export { absoluteSlots, pairsFromRow } from './schedule/slots.js';
export type { SlotPair, DayRowTimes } from './model/schedule.js';
export { bankActiveOn } from './hour-bank/bank.js';
export type { TraceStep } from './model/trace.js';
export {
  parseDate,
  formatDate,
  parseInstant,
  formatInstant,
  parseHhMm,
  formatHhMm,
  weekday,
  mondayOf,
  MINUTES_PER_DAY,
} from './model/civil.js';
export { calculatePeriod, calculateResolvedDays, evaluateWeeks } from './period/period.js';
export type { ResolvedDay } from './model/period.js';
export type * from './model/period.js';
export { attributePunches, dayCut } from './attribution/attribute.js';
export type { AttributionPunch } from './model/day.js';
export { expandRotation, rotationPositionOf, isRegime12x36 } from './schedule/rotation.js';
export type { RotationCycleInput, RotationPosition } from './model/schedule.js';
export { holidayApplies, HolidayCalendar } from './schedule/holidays.js';
export { evaluateWeek, dsrDaysOfWeek, closingPeriodOf, closingPeriodBounds, triggersDsrLoss } from './dsr/dsr.js';
export type { WeekDsr, ClosingRule } from './model/period.js';
export { summarizePeriod } from './summary/summary.js';
export type {
  MonthSummary,
  PeriodTotals,
  EventLine,
  OvertimeEventLine,
  JourneyTotal,
  ControlCounters,
} from './model/summary.js';
export { bankFields, bankTotalsList } from './summary/bank-fields.js';
export type { BankFields, BankEntry } from './model/summary.js';
export { dsrReflex, monthRestDays } from './summary/reflex.js';
export type { DsrReflex } from './model/summary.js';
