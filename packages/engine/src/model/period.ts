/**
 * One employee x one closing period: what the API hands to `calculatePeriod` and
 * what comes back, plus the resolved day and the week's DSR outcome.
 */
import type { CompiledPolicy, PolicyInput } from './policy.js';
import type { RotationCycleInput, SlotPair } from './schedule.js';
import type {
  DayInput,
  DayOccurrence,
  DayPartialAdjustment,
  DayPlan,
  DayPunch,
  DayResult,
  DebitCategory,
  PunchSource,
} from './day.js';
import type { BankFields, MonthSummary } from './summary.js';

/**
 * Weekly schedule row (seed 001 EQH row). `dayOfWeek` keeps the seed's numbering,
 * 1 = Sunday … 7 = Saturday; seed rows (`entrada1..saida3`) become `slots` with `pairsFromRow`.
 */
export interface DayRowInput {
  dayOfWeek: number;
  flexible?: boolean;
  slots: SlotPair[];
}

/** `weekly` = seed EQH (rows per weekday), `rotation` = seed ERC (cycles from the assignment's start). */
export interface ScheduleInput {
  kind: 'weekly' | 'rotation';
  dayRows?: DayRowInput[];
  cycles?: RotationCycleInput[];
  /** The seed's policy document, compiled by `compilePolicy` (decision 0010). */
  policy?: PolicyInput;
}

/** Employee schedule history entry (§4.1): valid from `from` to `to` inclusive (open when absent). */
export interface ScheduleAssignmentInput {
  from: string;
  to?: string | null;
  schedule: ScheduleInput;
  /**
   * Day 0 of a rotation (§15.1 step 3): the start of the employee's history
   * entry. Defaults to `from`; set it when one history entry is split into
   * several assignments (a schedule version from a later date), so the
   * rotation keeps its place across the split.
   */
  anchor?: string | null;
}

/**
 * Holiday (§4.2) with its scope (abrangência): 1 Federal, 2 State, 3 Municipal,
 * 4 Cost centre, 5 Position, 6 Global. `fixed` holidays repeat every year.
 */
export interface HolidayInput {
  date: string;
  fixed?: boolean;
  scope?: number;
  state?: string | null;
  city?: string | null;
  costCentres?: (string | number)[];
  positions?: (string | number)[];
  description?: string;
}

export interface EmployeeInput {
  /** State (UF) and city of the employee's company registration. */
  state?: string | null;
  city?: string | null;
  /** The employee's cost centre and its ancestors (a parent in a holiday list includes its children). */
  costCentres?: (string | number)[];
  position?: string | number | null;
}

export interface PunchInput {
  /**
   * 'YYYY-MM-DD HH:MM' local wall-clock, or that instant as minutes since 1970-01-01 00:00 of the same clock (the
   * engine's own unit: how the API reads them, so a million punches are not formatted and parsed again).
   */
  at: string | number;
  source?: PunchSource;
  discarded?: boolean;
  /** Mover Marcações: −1 / +1 day. */
  move?: number;
}

export interface OccurrenceInput {
  start: string;
  end: string;
  /** 1 Abonar, 2 Explicação, 3 Compensação (4 and 5 are punch edits, ignored here). */
  justificationType: number;
  scopes: DebitCategory[];
}

export interface PartialAdjustmentInput {
  /** Day the adjustment belongs to. */
  date: string;
  justificationType: number;
  event: DebitCategory;
  start: string;
  end: string;
}

/** Mudança de Horário: replacement slots for one date. */
export interface ScheduleChangeInput {
  date: string;
  slots: SlotPair[];
}

/** Afastamento. */
export interface LeaveInput {
  start: string;
  end: string;
  reason?: string;
}

/** "Lançar Saldo": a manual hour-bank entry on its date. */
export interface BankEntryInput {
  date: string;
  minutes: number;
  negative: boolean;
}

/** One employee × one closing period (issue point 2). */
export interface PeriodInput {
  /** Inclusive closing-period bounds 'YYYY-MM-DD'. */
  start: string;
  end: string;
  closing?: ClosingRule;
  employee?: EmployeeInput;
  schedules: ScheduleAssignmentInput[];
  /** Punches of the period plus up to 8 days around it (interjornada and DSR read them). */
  punches: PunchInput[];
  holidays?: HolidayInput[];
  holidayExclusions?: string[];
  daysOff?: string[];
  leaves?: LeaveInput[];
  scheduleChanges?: ScheduleChangeInput[];
  occurrences?: OccurrenceInput[];
  partialAdjustments?: PartialAdjustmentInput[];
  /** saldoAnteriorBH: final balance of the previous closing period. */
  previousBankBalance?: number;
  bankEntries?: BankEntryInput[];
  /** "Redefinir Saldo" months 'YYYY-MM'. */
  bankResets?: string[];
  /**
   * The first day not yet over on the company's clock ('YYYY-MM-DD', i.e. today): it and every later
   * day are open — measured, not judged (DayInput.open; decision 0073). Absent: every day is over.
   */
  openFrom?: string;
}

export interface PeriodResult {
  days: DayResult[];
  weeks: WeekDsr[];
  summary: MonthSummary;
  bank: BankFields | null;
  /** Period-level warnings, e.g. `BANCO_ACORDO_INDIVIDUAL_ACIMA_6_MESES` (spec §13.1). */
  warnings: string[];
  /** `totaisBancoHoras`: the bank fields with descriptions (null without an active bank). */
  totaisBancoHoras: { descricao: string; valor: number }[] | null;
}

/** Company closing period (seed 002 `diaInicioFechamento`..`diaFinalFechamento`). Default = calendar month. */
export interface ClosingRule {
  startDay?: number;
  endDay?: number;
}

export interface WeekDsr {
  monday: string;
  dsrDays: string[];
  dsrPaid: number;
  dsrDebit: number;
  lostDays: string[];
  /** Days whose unjustified events made the week lose its DSR. */
  triggerDays: string[];
  postingPeriod: string | null;
  /** DSR days paid, each with horasDSR minutes (for the period the day is in). */
  paidDays: string[];
  /** Short Portuguese explanation of the week's outcome. */
  reason: string;
}

/** A day ready for calculation: its plan, policy and the items attributed to it. */
export interface ResolvedDay {
  plan: DayPlan;
  policy: CompiledPolicy;
  punches: DayPunch[];
  occurrences?: DayOccurrence[];
  partialAdjustments?: DayPartialAdjustment[];
  /** Explicit previous journey (e.g. the first day of a sequence); otherwise chained from the earlier days. */
  previousJourney?: DayInput['previousJourney'];
}
