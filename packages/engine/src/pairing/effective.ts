import type { DayPunch } from '../model/day.js';

/**
 * Effective punch set (spec §5.2): device + inserted punches, minus the
 * discarded ones, one per minute, sorted by absolute instant — never by time of
 * day (public bug raulfdm/controle-ponto #45).
 */
export function effectivePunches(punches: readonly DayPunch[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < punches.length; i++) if (!punches[i]!.discarded) out.push(punches[i]!.at);
  sortSmall(out);
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[w - 1]) out[w++] = out[i]!;
  if (w < out.length) out.length = w;
  return out;
}

/**
 * Ascending numeric sort, in place. A day has a handful of punches, nearly always in order already
 * (attribution hands them sorted): insertion sort is one pass over them and allocates nothing, where
 * `Array.prototype.sort` with a comparator copied the array on every call (7 % of the engine bench's
 * allocations, issue 26 §5). Long lists still go to the built-in sort.
 */
function sortSmall(a: number[]): void {
  if (a.length > 32) {
    a.sort((x, y) => x - y);
    return;
  }
  for (let i = 1; i < a.length; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= 0 && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Pre-assigned meal interval (parametroRefeicao 3, art. 74 §2, spec §5.3): with
 * exactly two punches the planned intervals lying inside [first, last] are cut
 * out of the journey, as if the employee had punched them. Clipping an interval
 * that touches first/last simply shortens the journey on that side.
 */
export function insertPreAssigned(punches: number[], slots: readonly number[]): number[] {
  if (punches.length !== 2 || slots.length < 4) return punches;
  const first = punches[0]!;
  const last = punches[1]!;
  const out: number[] = [first];
  for (let i = 1; i + 1 < slots.length; i += 2) {
    const a = Math.max(slots[i]!, first);
    const b = Math.min(slots[i + 1]!, last);
    if (b <= a) continue;
    out.push(a, b);
  }
  out.push(last);
  // Collapse zero-length segments created by clipping at first/last.
  const res: number[] = [];
  for (let i = 0; i < out.length; i += 2) if (out[i + 1]! > out[i]!) res.push(out[i]!, out[i + 1]!);
  return res;
}

/**
 * `descontarSegundoIntervalo = false` (spec §5.4, Súmula 118): slots 2 and 3 are
 * one paid slot [entrada2, saida3).
 */
export function mergeSecondInterval(slots: readonly number[]): number[] {
  if (slots.length !== 6) return slots.slice();
  return [slots[0]!, slots[1]!, slots[2]!, slots[5]!];
}
