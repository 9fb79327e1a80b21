/**
 * One employee x one closing period: what the API hands to `calculatePeriod` and
 * what comes back, plus the resolved day and the week's DSR outcome.
 */
import type { CompiledPolicy, PolicyInput } from './policy.js';
import type { DayRowTimes, RotationCycle, SlotPair } from './schedule.js';
import type {
  DayInput,
  DayPlan,
  DayResult,
  DebitCategory,
  OccurrenceInput,
  PartialAdjustmentInput,
  PunchInput,
  PunchSource,
} from './day.js';
import type { BankFields, MonthSummary } from './summary.js';

/** EQH day row (seed 001): `dia` 1 = Sunday … 7 = Saturday. */
export interface DayRowInput extends DayRowTimes {
  dia: number;
  horarioFlexivel?: boolean;
  /** Alternative to entrada1..saida3. */
  slots?: SlotPair[];
}

export interface ScheduleInput {
  tipoEscala: 'EQH' | 'ERC';
  dayRows?: DayRowInput[];
  cycles?: RotationCycle[];
  policy?: PolicyInput;
}

/** Employee schedule history entry (§4.1): valid from dataInicio to dataFinal (open when empty). */
export interface ScheduleAssignment {
  dataInicio: string;
  dataFinal?: string | null;
  schedule: ScheduleInput;
}

/** Holiday with abrangência (§4.2): 1 Federal, 2 Estadual, 3 Municipal, 4 Centro de Custo, 5 Cargo, 6 Global. */
export interface HolidayInput {
  data: string;
  fixo?: boolean;
  abrangencia?: number;
  uf?: string | null;
  municipio?: string | null;
  centrosCusto?: (string | number)[];
  cargos?: (string | number)[];
  descricao?: string;
}

export interface EmployeeInput {
  uf?: string | null;
  municipio?: string | null;
  /** The employee's cost centre and its ancestors (a parent in a holiday list includes its children). */
  centrosCusto?: (string | number)[];
  cargo?: string | number | null;
}

export interface PunchRecord {
  /** 'YYYY-MM-DD HH:MM' local wall-clock. */
  at: string;
  source?: PunchSource;
  discarded?: boolean;
  /** Mover Marcações: −1 / +1 day. */
  move?: number;
}

export interface OccurrenceRecord {
  start: string;
  end: string;
  tipo: number;
  scopes: DebitCategory[];
}

export interface PartialAdjustmentRecord {
  /** Day the adjustment belongs to. */
  data: string;
  tipo: number;
  event: DebitCategory;
  start: string;
  end: string;
}

export interface ScheduleChangeRecord extends DayRowTimes {
  data: string;
  slots?: SlotPair[];
}

export interface LeaveRecord {
  start: string;
  end: string;
  reason?: string;
}

export interface LaunchedBalanceRecord {
  data: string;
  minutes: number;
  valorNegativo: boolean;
}

/** One employee × one closing period (issue point 2). */
export interface PeriodInput {
  /** Inclusive closing-period bounds 'YYYY-MM-DD'. */
  start: string;
  end: string;
  closing?: ClosingRule;
  employee?: EmployeeInput;
  schedules: ScheduleAssignment[];
  /** Punches of the period plus up to 8 days around it (interjornada and DSR read them). */
  punches: PunchRecord[];
  holidays?: HolidayInput[];
  holidayExclusions?: string[];
  daysOff?: string[];
  leaves?: LeaveRecord[];
  scheduleChanges?: ScheduleChangeRecord[];
  occurrences?: OccurrenceRecord[];
  partialAdjustments?: PartialAdjustmentRecord[];
  saldoAnteriorBH?: number;
  launchedBalances?: LaunchedBalanceRecord[];
  /** "Redefinir Saldo" months 'YYYY-MM'. */
  bankResets?: string[];
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

/** Company closing period (seed 002): `diaInicioFechamento`..`diaFinalFechamento`. Default = calendar month. */
export interface ClosingRule {
  diaInicioFechamento?: number;
  diaFinalFechamento?: number;
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
  punches: PunchInput[];
  occurrences?: OccurrenceInput[];
  partialAdjustments?: PartialAdjustmentInput[];
  /** Explicit previous journey (e.g. the first day of a sequence); otherwise chained from the earlier days. */
  previousJourney?: DayInput['previousJourney'];
}
