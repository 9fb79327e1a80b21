import type { RotationCycleInput, RotationPosition } from '../model/schedule.js';
import { absoluteSlots, spanOf } from './slots.js';

/**
 * Expands the cycles (spec §15.1): sorted by `position` (not list order), each
 * repeated `repeat` times as work days followed by off days.
 */
export function expandRotation(cycles: readonly RotationCycleInput[]): RotationPosition[] {
  const sorted = [...cycles].sort((a, b) => a.position - b.position);
  const seq: RotationPosition[] = [];
  for (const c of sorted) {
    const rep = Math.max(1, Math.floor(Number(c.repeat) || 1));
    for (let r = 0; r < rep; r++) {
      for (let i = 0; i < c.workDays; i++) seq.push(c.slots);
      for (let i = 0; i < c.offDays; i++) seq.push(null);
    }
  }
  return seq;
}

/** Position of `day` in the sequence anchored at `anchorDay` (index 0, spec §15.1 step 3). */
export function rotationPositionOf<T>(seq: readonly (T | null)[], anchorDay: number, day: number): T | null {
  if (seq.length === 0) return null;
  const n = seq.length;
  const i = (((day - anchorDay) % n) + n) % n;
  return seq[i] ?? null;
}

/**
 * 12x36 (spec §15.2): exactly one cycle of 1 work day / 1 off day whose first
 * entry → last exit span is 12 h.
 */
export function isRegime12x36(cycles: readonly RotationCycleInput[]): boolean {
  if (cycles.length !== 1) return false;
  const c = cycles[0]!;
  if (c.workDays !== 1 || c.offDays !== 1) return false;
  return spanOf(absoluteSlots(0, c.slots)) === 720;
}
