/** Schedule shapes: planned pairs, seed day rows, rotation cycles and the facts that resolve a day's plan. */
/** A planned pair as the screens hold it: 'HH:MM' entry and exit (null/'' = not planned). */
export type SlotPair = readonly [string | null, string | null];

/** Day row of seed 001 as stored (`entrada1..saida3`); `pairsFromRow` turns it into slots. */
export interface DayRowTimes {
  entrada1?: string | null;
  saida1?: string | null;
  entrada2?: string | null;
  saida2?: string | null;
  entrada3?: string | null;
  saida3?: string | null;
}

/**
 * Rotation cycle (seed 001 "Rotation cycle list": posicao, diasTrabalhados,
 * diasFolgas, fatorRepeticao): `repeat` times `workDays` work days then `offDays` off days.
 */
export interface RotationCycleInput {
  position: number;
  workDays: number;
  offDays: number;
  repeat: number;
  slots: SlotPair[];
}

/** One position of the expanded rotation: slots of a work day, or null for an off day. */
export type RotationPosition = SlotPair[] | null;

export interface PlanFacts {
  date: number;
  /** Slots of the day from the schedule change or the base schedule (§4.1), absolute flat. */
  slots: number[];
  flexible?: boolean;
  regime12x36?: boolean;
  /** A holiday applies to the employee on the date (after abrangência, §4.2). */
  holiday?: boolean;
  /** "Não é Feriado" for this employee and date. */
  holidayExcluded?: boolean;
  /** Folga launched for the date, or an off position of the rotation. */
  dayOff?: boolean;
  leave?: boolean;
  leaveReason?: string;
}
