/** The time port: services never read the system clock directly, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advanceMs(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A calendar date (yyyy-mm-dd) moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** yyyy-mm-dd → dd/mm/yyyy, as the screens and messages show dates. */
export function brDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs about as much as a small query. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (yyyy-mm-dd) of an instant in an IANA zone. */
export function localDate(instant: Date, timeZone: string): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dateFormats.size < 1000) dateFormats.set(timeZone, f);
  }
  return f.format(instant);
}

/** One formatter per zone for wall-clock parts (see dateFormats). */
const partFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes to add to UTC for the wall clock of an IANA zone at an instant (ms since the epoch): −180 in São Paulo
 * today, −120 in its 2018/19 daylight-saving summer. Whole minutes (zones' historical seconds are dropped).
 */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (partFormats.size < 1000) partFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(instantMs)) if (type !== 'literal') p[type] = Number(value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - instantMs) / 60_000);
}

/**
 * The instant a calendar day (yyyy-mm-dd) begins on an IANA zone's wall clock: 00:00 there. Two passes, so a
 * day whose offset differs from the day before (a daylight-saving change) still lands on its own midnight.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let at = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  at = wall - zoneOffsetMinutes(at, timeZone) * 60_000;
  return new Date(at);
}
