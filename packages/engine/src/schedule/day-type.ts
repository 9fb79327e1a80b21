import type { PlanFacts } from '../model/schedule.js';
import type { BandColumn } from '../model/policy.js';
import type { DayPlan, DayType } from '../model/day.js';
import { weekday } from '../model/civil.js';

const WEEKDAY_COLUMN: readonly BandColumn[] = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];

/** Calendar day type of a date (rows 4–6 of spec §4.2). */
const CALENDAR: readonly { dayType: DayType; column: BandColumn }[] = WEEKDAY_COLUMN.map((column, wd) => ({
  dayType: wd === 0 ? 'sunday' : wd === 6 ? 'saturday' : 'weekday',
  column,
}));

export function calendarDayType(day: number): { readonly dayType: DayType; readonly column: BandColumn } {
  return CALENDAR[weekday(day)]!;
}

/**
 * Day type and planned slots (spec §4.2, first matching row wins). A 12x36
 * work day that is a holiday stays a normal day (art. 59-A sole paragraph).
 */
export function resolvePlan(f: PlanFacts): DayPlan {
  const cal = calendarDayType(f.date);
  let dayType = cal.dayType;
  let column = cal.column;
  let slots = f.slots;
  if (f.leave) slots = [];
  else if (f.holiday && !f.holidayExcluded && !f.regime12x36) {
    dayType = 'holiday';
    column = 'feriado';
    slots = [];
  } else if (f.dayOff) {
    dayType = 'dayoff';
    column = 'folga';
    slots = [];
  }
  const plan: DayPlan = { date: f.date, dayType, column, slots, flexible: !!f.flexible, regime12x36: !!f.regime12x36 };
  if (f.leave) {
    plan.leave = true;
    if (f.leaveReason) plan.leaveReason = f.leaveReason;
  }
  return plan;
}
