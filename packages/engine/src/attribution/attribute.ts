import type { AttributionPunch } from '../model/day.js';
import { MINUTES_PER_DAY } from '../model/civil.js';
import type { CompiledPolicy } from '../model/policy.js';

/**
 * cut(D, D+1) (spec §5.1): `horasFechamento` on D+1 when `validarFechamento`,
 * else the midpoint of the planned rest between the last planned exit of D and
 * the first planned entry of D+1; midnight when either side has no template.
 *
 * @param slotsD   cut slots of D (absolute, §5.1 template already applied)
 * @param slotsD1  cut slots of D+1
 */
export function dayCut(
  day: number,
  slotsD: readonly number[],
  slotsD1: readonly number[],
  policy: CompiledPolicy,
): number {
  const next = (day + 1) * MINUTES_PER_DAY;
  if (policy.validarFechamento) return next + policy.horasFechamento;
  if (slotsD.length === 0 || slotsD1.length === 0) return next;
  const pe = slotsD[slotsD.length - 1]!;
  const ps = slotsD1[0]!;
  return pe + Math.floor((ps - pe) / 2);
}

/**
 * Attributes punches to the consecutive days `firstDay..lastDay` (spec §5.1): the
 * window of D is [cut(D−1, D), cut(D, D+1)); a punch exactly on a cut belongs
 * to the later day. Punches outside the range are left out.
 *
 * @returns per day (index = day − firstDay) the indexes of the punches it owns, in time order
 */
export function attributePunches<T extends AttributionPunch>(
  punches: readonly T[],
  firstDay: number,
  lastDay: number,
  cutSlotsOf: (day: number) => readonly number[],
  policy: CompiledPolicy,
): T[][] {
  // Moves are ±1 day, so one extra day on each side decides every punch that can land inside.
  const from = firstDay - 1;
  const n = lastDay - from + 2;
  const cuts = new Array<number>(n + 1);
  let prevSlots = cutSlotsOf(from - 1);
  for (let i = 0; i <= n; i++) {
    const d = from - 1 + i;
    const cur = cutSlotsOf(d + 1);
    cuts[i] = dayCut(d, prevSlots, cur, policy);
    prevSlots = cur;
  }
  const out: T[][] = [];
  for (let i = 0; i < lastDay - firstDay + 1; i++) out.push([]);
  let ordered = true;
  for (let k = 1; k < punches.length && ordered; k++) if (punches[k]!.at < punches[k - 1]!.at) ordered = false;
  const sorted = ordered ? punches : [...punches].sort((a, b) => a.at - b.at);
  let i = 0;
  for (const p of sorted) {
    // cuts[i] = cut(from−1+i, from+i) = lower bound of day from+i; punches are sorted.
    while (i < n && p.at >= cuts[i + 1]!) i++;
    if (p.at < cuts[0]! || i >= n) continue;
    const target = i + (p.move ?? 0) - 1;
    if (target >= 0 && target < out.length) out[target]!.push(p);
  }
  // Moved punches may arrive out of order inside their target day.
  for (const list of out)
    for (let k = 1; k < list.length; k++)
      if (list[k]!.at < list[k - 1]!.at) {
        list.sort((a, b) => a.at - b.at);
        break;
      }
  return out;
}
