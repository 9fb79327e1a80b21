/** One resolved day: its plan, its punches and justifications, and the DayResult with the 18 case fields. */
import type { BandColumn } from './policy.js';
import type { TraceStep } from './trace.js';

/** Resolved day type (spec §4.2; engine-cases.md `dayType`). */
export type DayType = 'weekday' | 'saturday' | 'sunday' | 'holiday' | 'dayoff';

/** Debit categories that occurrences scope (spec §14.1; engine-cases.md scopes). */
export type DebitCategory = 'falta' | 'fm' | 'atraso' | 'saida' | 'excesso';

export const DEBIT_CATEGORIES: readonly DebitCategory[] = ['falta', 'fm', 'atraso', 'saida', 'excesso'];

/** Punch sources: R REP/clock, A app, W web, I inserted (type 4), P pre-assigned (§5.3). */
export type PunchSource = 'R' | 'A' | 'W' | 'I' | 'P';

/** A punch of one resolved day. */
export interface DayPunch {
  /** Absolute wall-clock minute (see time/civil.ts). */
  at: number;
  source?: PunchSource;
  /** Desconsiderar marcação (justification type 5): kept, but ignored (Portaria 671). */
  discarded?: boolean;
}

/** What the schedule says about one date after §4.1/§4.2/§15 resolution. */
export interface DayPlan {
  /** Day number (days since 1970-01-01). */
  date: number;
  dayType: DayType;
  /** Band column (§10.2). */
  column: BandColumn;
  /**
   * Planned slots as absolute minutes, flat [s1, e1, s2, e2, …] (§2.6 already applied).
   * Empty when P = 0 (holiday, day off, no row).
   */
  slots: number[];
  flexible: boolean;
  regime12x36: boolean;
  /** Inside an afastamento: not calculated (§4.2 row 1). */
  leave?: boolean;
  /** Free text shown for leave days. */
  leaveReason?: string;
}

export interface DayOccurrence {
  /** 1 Abonar, 2 Explicação, 3 Compensação (4/5 ignored). */
  justificationType: number;
  scopes: DebitCategory[];
}

export interface DayPartialAdjustment {
  justificationType: number;
  event: DebitCategory;
  /** Absolute minutes, [start, end). */
  start: number;
  end: number;
}

export interface PreviousJourney {
  /** Last effective punch of the previous worked journey. */
  lastPunch: number;
  /** That journey ended with an orphan entry (§20 → flag INTERJORNADA_INCERTA). */
  endedWithOrphanEntry?: boolean;
  /** Some date strictly between the two journeys is a DSR day with nothing worked (Súmula 110). */
  unworkedDsrBetween?: boolean;
}

export interface DayInput {
  plan: DayPlan;
  /** Device punches attributed to the day plus inserted ones (source I); order is irrelevant. */
  punches: DayPunch[];
  occurrences?: DayOccurrence[];
  partialAdjustments?: DayPartialAdjustment[];
  previousJourney?: PreviousJourney | null;
  /** Hour bank active on this date (§13.1); resolved by the caller from the policy period. */
  bankActive?: boolean;
  /**
   * The day is not over yet (today, or later): its punches are measured but it is not judged — no
   * absence, lateness, early leaving, missing punch, meal excess, rest shortfall, allowance or bank
   * debit — until it ends (decision 0073).
   */
  open?: boolean;
}

/** The flag of a day not yet over (DayInput.open; decision 0073). */
export const DIA_EM_ABERTO = 'DIA_EM_ABERTO';

export interface CalcOptions {
  /** Build the explanation trace (off by default; costs nothing when off). */
  trace?: boolean;
}

/** Percent → minutes. */
export type Buckets = Record<string, number>;

export interface DayResult {
  date: string;
  dayType: DayType;
  column: BandColumn;
  planned: number;
  worked: number;
  normal: number;
  atraso: number;
  saidaAntecipada: number;
  falta: number;
  excessoIntervalo: number;
  faltaMarcacao: number;
  faltaMarcacaoFlag: boolean;
  overtime: Buckets;
  overtimeNight: Buckets;
  overtimeNightReduced: Buckets;
  nightReal: number;
  nightReduced: number;
  interjornadaShortfall: number;
  intervaloSuprimido: number;
  abono: number;
  bankCredit: number;
  bankDebit: number;
  /**
   * Detalhes tab helpers (spec §17.4): `horasFaltantes` = Falta + Atraso + Saída +
   * Excesso + FM after justifications (horasFaltantesFormatada; jornadaFormatada is
   * `normal`); `irregular` = any of those > 0, an orphan, an interjornada
   * shortfall or a flag; `descricaoEventos` = the non-zero events' names.
   */
  horasFaltantes: number;
  irregular: boolean;
  descricaoEventos: string[];
  /** Categories that carry a type-2 Explicação (still discounted, still trigger DSR loss). */
  explained: DebitCategory[];
  flags: string[];
  /** Effective punches (absolute minutes), sorted. */
  effectivePunches: number[];
  /** Complete pairs, flat [in, out, …]. */
  pairs: number[];
  /** Orphan punches (absolute minutes). */
  orphans: number[];
  /** The day's last effective punch is an orphan entry: the next day's interjornada is uncertain (§20). */
  endsWithOrphanEntry: boolean;
  trace?: TraceStep[];
}

/** A device punch before attribution (§5.1). */
export interface AttributionPunch {
  at: number;
  /** Mover Marcações (§14.4): −1 day before, +1 day after the §5.1 result. */
  move?: number;
}
