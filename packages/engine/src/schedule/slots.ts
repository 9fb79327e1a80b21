import type { DayRowTimes, SlotPair } from '../model/schedule.js';
import { MINUTES_PER_DAY, parseHhMm } from '../model/civil.js';

export function pairsFromRow(row: DayRowTimes): SlotPair[] {
  const out: SlotPair[] = [];
  const ps: [string | null | undefined, string | null | undefined][] = [
    [row.entrada1, row.saida1],
    [row.entrada2, row.saida2],
    [row.entrada3, row.saida3],
  ];
  for (const [a, b] of ps) if (a && b) out.push([a, b]);
  return out;
}

/**
 * Relative 'HH:MM' pairs → minutes from the day's midnight (spec §2.6): a time
 * equal to or earlier than the previous boundary is on the next calendar day.
 * Compile once per schedule row; place on a date with `placeSlots`.
 */
export function relativeSlots(pairs: readonly SlotPair[]): number[] {
  const out: number[] = [];
  let offset = 0;
  let prev = -1;
  for (const [a, b] of pairs) {
    if (!a || !b) continue;
    for (const s of [a, b]) {
      const m = parseHhMm(s);
      let t = offset + m;
      while (prev >= 0 && t <= prev) {
        offset += MINUTES_PER_DAY;
        t = offset + m;
      }
      out.push(t);
      prev = t;
    }
  }
  return out;
}

/** Relative slots placed on `day` (absolute minutes). */
export function placeSlots(day: number, rel: readonly number[]): number[] {
  const base = day * MINUTES_PER_DAY;
  const out = new Array<number>(rel.length);
  for (let i = 0; i < rel.length; i++) out[i] = rel[i]! + base;
  return out;
}

/** Relative 'HH:MM' pairs → absolute flat slots on `day`. */
export function absoluteSlots(day: number, pairs: readonly SlotPair[]): number[] {
  return placeSlots(day, relativeSlots(pairs));
}

/** Span first entry → last exit in minutes (0 without slots). */
export function spanOf(slots: readonly number[]): number {
  return slots.length ? slots[slots.length - 1]! - slots[0]! : 0;
}
