import type { EmployeeInput, HolidayInput } from '../model/period.js';
import { civilFromDays, monthDay, parseDate } from '../model/civil.js';

/**
 * Holiday applicability (spec §4.2, `scope` = abrangência): 1 Federal and 6 Global →
 * everyone; 2 Estadual → the state of the employee's company registration;
 * 3 Municipal → its city; 4 Centro de Custo → the employee's cost centre or an
 * ancestor in the list; 5 Cargo → the employee's position in the list.
 */
export function holidayApplies(h: HolidayInput, e: EmployeeInput | undefined): boolean {
  const a = h.scope ?? 1;
  switch (a) {
    case 1:
    case 6:
      return true;
    case 2:
      return !!e?.state && !!h.state && e.state.toUpperCase() === h.state.toUpperCase();
    case 3:
      return !!e?.city && !!h.city && e.city.toUpperCase() === h.city.toUpperCase();
    case 4: {
      const list = new Set((h.costCentres ?? []).map(String));
      return (e?.costCentres ?? []).some((c) => list.has(String(c)));
    }
    case 5:
      return (
        e?.position !== undefined &&
        e?.position !== null &&
        (h.positions ?? []).map(String).includes(String(e.position))
      );
    default:
      return false;
  }
}

/**
 * Index of applicable holidays by day number: `fixed` holidays repeat every year
 * on the same day/month, `móvel` ones only on their date.
 */
export class HolidayCalendar {
  private readonly fixed = new Set<number>();
  private readonly dated = new Set<number>();

  constructor(holidays: readonly HolidayInput[], employee: EmployeeInput | undefined) {
    for (const h of holidays) {
      if (!holidayApplies(h, employee)) continue;
      const d = parseDate(h.date);
      if (h.fixed) {
        const { m, d: dd } = civilFromDays(d);
        this.fixed.add(m * 100 + dd);
      } else this.dated.add(d);
    }
  }

  isHoliday(day: number): boolean {
    if (this.dated.has(day)) return true;
    if (this.fixed.size === 0) return false;
    return this.fixed.has(monthDay(day));
  }
}
