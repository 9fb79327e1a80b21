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
} from './policy/types.js';
export { compilePolicy, DEFAULT_POLICY, parseFactor } from './policy/compile.js';
export type {
  Buckets,
  CalcOptions,
  DayInput,
  DayPlan,
  DayResult,
  DayType,
  DebitCategory,
  OccurrenceInput,
  PartialAdjustmentInput,
  PreviousJourney,
  PunchInput,
  PunchSource,
} from './day/types.js';
export { calculateDay } from './day/calculate-day.js';
export { DEBIT_CATEGORIES } from './day/types.js';
export { resolvePlan, calendarDayType, type PlanFacts } from './schedule/day-type.js';
export { absoluteSlots, pairsFromRow, type SlotPair, type DayRowTimes } from './schedule/slots.js';
export { bankActiveOn } from './hour-bank/bank.js';
export type { TraceStep } from './trace/trace.js';
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
} from './time/civil.js';
export { calculatePeriod, calculateResolvedDays, evaluateWeeks, type ResolvedDay } from './period/period.js';
export type * from './period/types.js';
export { attributePunches, dayCut, type RawPunch } from './attribution/attribute.js';
export {
  expandRotation,
  rotationPositionOf,
  isRegime12x36,
  type RotationCycle,
  type RotationPosition,
} from './schedule/rotation.js';
export { holidayApplies, HolidayCalendar } from './schedule/holidays.js';
export {
  evaluateWeek,
  dsrDaysOfWeek,
  closingPeriodOf,
  closingPeriodBounds,
  triggersDsrLoss,
  type WeekDsr,
  type ClosingRule,
} from './dsr/dsr.js';
export {
  summarizePeriod,
  type MonthSummary,
  type PeriodTotals,
  type EventLine,
  type OvertimeEventLine,
  type JourneyTotal,
  type ControlCounters,
} from './summary/summary.js';
export { bankFields, bankTotalsList, type BankFields, type LaunchedBalance } from './summary/bank-fields.js';
export { dsrReflex, monthRestDays, type DsrReflex } from './summary/reflex.js';
