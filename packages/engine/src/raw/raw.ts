import { clip, clipInto, lastMinutes, measure, measureWithin, subtract, type Flat } from '../model/intervals.js';
import type { Pairing } from '../pairing/pair.js';

/**
 * How the day was measured (spec §6):
 * - `absent`   P > 0, no punch (§6.1)
 * - `noPair`   punches but no complete pair (§6.2)
 * - `fixed`    the normal case (§6.3)
 * - `offSpan`  pairs exist but none inside the planned span (§6.5)
 * - `flexible` horarioFlexivel (§6.6)
 * - `unplanned` P = 0: every worked minute is credit (§4.2, §7.3)
 */
export type RawMode = 'absent' | 'noPair' | 'fixed' | 'offSpan' | 'flexible' | 'unplanned' | 'empty';

export interface RawDay {
  mode: RawMode;
  planned: number;
  worked: number;
  falta: number;
  fm: number;
  atraso: number;
  saida: number;
  excesso: number;
  /** Early-entry credit, late-exit credit, interval shortfall (raw, §6.3). */
  cE: number;
  cL: number;
  cI: number;
  /** Credit before tolerance (cI only if horaExtraRefeicao). */
  credit: number;
  /** The credit is one variation for §7.2 (flexible, off-span days). */
  singleVariation: boolean;
  /** Earliest/latest worked instant inside the span (fixed days). */
  first: number;
  last: number;
  /** Where each positioned debit lies (§8, §14.3). */
  posFalta: Flat;
  posFm: Flat;
  posAtraso: Flat;
  posSaida: Flat;
  /** Credit minutes in timeline order (§10.1), before tolerance. */
  timeline: Flat;
}

const EMPTY: Flat = [];

function base(mode: RawMode, planned: number, worked: number): RawDay {
  return {
    mode,
    planned,
    worked,
    falta: 0,
    fm: 0,
    atraso: 0,
    saida: 0,
    excesso: 0,
    cE: 0,
    cL: 0,
    cI: 0,
    credit: 0,
    singleVariation: false,
    first: 0,
    last: 0,
    posFalta: EMPTY,
    posFm: EMPTY,
    posAtraso: EMPTY,
    posSaida: EMPTY,
    timeline: EMPTY,
  };
}

function slotOf(slots: Flat, index: number): Flat {
  return index >= 0 && 2 * index + 1 < slots.length ? [slots[2 * index]!, slots[2 * index + 1]!] : EMPTY;
}

/** §6.6: a flexible day checks only the daily load; the shortfall is projected to the end of the day. */
function measureFlexible(slots: Flat, P: number, W: Flat, worked: number, hasOrphan: boolean): RawDay {
  const r = base('flexible', P, worked);
  r.singleVariation = true;
  const short = P > worked ? P - worked : 0;
  if (hasOrphan) {
    r.fm = short;
    r.posFm = lastMinutes(slots, short);
  } else {
    r.saida = short;
    r.posSaida = lastMinutes(slots, short);
  }
  r.credit = worked > P ? worked - P : 0;
  r.cL = r.credit;
  if (r.credit > 0) r.timeline = lastMinutes(W, r.credit);
  return r;
}

/** §6.5: punches entirely outside the planned span: Falta (less the orphan's FM) and all worked minutes as credit. */
function measureOffSpan(slots: Flat, P: number, W: Flat, worked: number, orphanSlot: Flat): RawDay {
  const r = base('offSpan', P, worked);
  r.singleVariation = true;
  if (orphanSlot.length > 0) {
    r.posFm = orphanSlot;
    r.fm = measure(orphanSlot);
  }
  r.posFalta = r.fm > 0 ? subtract(slots, r.posFm) : slots;
  r.falta = P - r.fm;
  r.credit = worked;
  r.cE = worked;
  r.timeline = W;
  return r;
}

/** First and last worked minute inside the planned span [e1, sK). */
function workedSpan(W: Flat, e1: number, sK: number): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < W.length; i += 2) {
    const a = W[i]! > e1 ? W[i]! : e1;
    const b = W[i + 1]! < sK ? W[i + 1]! : sK;
    if (b <= a) continue;
    if (a < first) first = a;
    if (b > last) last = b;
  }
  return { first, last };
}

/** §10.1 credit order: early minutes, then the shortfall at the end of the planned interval(s), then late minutes. */
function creditTimeline(r: RawDay, slots: Flat, W: Flat, cI: number): Flat {
  const e1 = slots[0]!;
  const sK = slots[slots.length - 1]!;
  const tl: Flat = clipInto([], W, -Infinity, e1);
  if (cI > 0) {
    const ints = clip(subtract([e1, sK], slots), r.first, r.last);
    for (const x of lastMinutes(ints, cI)) tl.push(x);
  }
  return clipInto(tl, W, sK, Infinity);
}

/** §6.3 (fixed day): debits and credits from the first/last worked minute inside the span. */
function measureFixed(
  slots: Flat,
  P: number,
  W: Flat,
  worked: number,
  orphanSlot: Flat,
  horaExtraRefeicao: boolean,
): RawDay {
  const r = base('fixed', P, worked);
  const e1 = slots[0]!;
  const sK = slots[slots.length - 1]!;
  const { first, last } = workedSpan(W, e1, sK);
  r.first = first;
  r.last = last;
  r.cE = measureWithin(W, -Infinity, e1);
  r.cL = measureWithin(W, sK, Infinity);
  let atraso = measureWithin(slots, e1, first);
  let saida = measureWithin(slots, last, sK);
  const range = last - first;
  const intervalIn = range - measureWithin(slots, first, last);
  const gapIn = range - measureWithin(W, first, last);
  let excessGap = gapIn;
  let posFm = EMPTY;
  if (orphanSlot.length > 0) {
    // §6.2: the orphan's unworked slot minutes are Falta de Marcação, taken out of
    // whichever debit contained them.
    posFm = subtract(orphanSlot, W);
    r.fm = measure(posFm);
    atraso -= measureWithin(posFm, e1, first);
    saida -= measureWithin(posFm, last, sK);
    excessGap -= measureWithin(posFm, first, last);
    r.posFm = posFm;
  }
  r.atraso = atraso > 0 ? atraso : 0;
  r.saida = saida > 0 ? saida : 0;
  r.excesso = excessGap > intervalIn ? excessGap - intervalIn : 0;
  r.cI = intervalIn > gapIn ? intervalIn - gapIn : 0;
  if (r.atraso > 0) r.posAtraso = posFm.length ? subtract(clip(slots, e1, first), posFm) : clip(slots, e1, first);
  if (r.saida > 0) r.posSaida = posFm.length ? subtract(clip(slots, last, sK), posFm) : clip(slots, last, sK);
  const cI = horaExtraRefeicao ? r.cI : 0;
  r.credit = r.cE + r.cL + cI;
  if (r.credit > 0) r.timeline = creditTimeline(r, slots, W, cI);
  return r;
}

/**
 * Raw day quantities before tolerance (spec §6). `slots` are the planned slots
 * (empty when P = 0); `pairing` the result of §5.5.
 */
export function measureDay(
  slots: Flat,
  punchCount: number,
  pairing: Pairing,
  flexible: boolean,
  horaExtraRefeicao: boolean,
): RawDay {
  const P = measure(slots);
  const W = pairing.pairs;
  const worked = measure(W);
  const hasOrphan = pairing.orphans.length > 0;

  if (P === 0) {
    // §4.2: no debits on a day without planned minutes; every worked minute is credit.
    const r = base(punchCount === 0 ? 'empty' : 'unplanned', 0, worked);
    r.credit = worked;
    r.timeline = W;
    return r;
  }
  if (punchCount === 0) {
    const r = base('absent', P, 0);
    r.falta = P; // §6.1
    r.posFalta = slots;
    return r;
  }
  if (W.length === 0) {
    // §6.2: the employee was there; the whole day is pending as Falta de Marcação.
    const r = base('noPair', P, 0);
    r.fm = P;
    r.posFm = slots;
    return r;
  }
  if (flexible) return measureFlexible(slots, P, W, worked, hasOrphan);
  const orphanSlot = hasOrphan ? slotOf(slots, pairing.orphanSlots[0]!) : EMPTY;
  if (measureWithin(W, slots[0]!, slots[slots.length - 1]!) === 0)
    return measureOffSpan(slots, P, W, worked, orphanSlot);
  return measureFixed(slots, P, W, worked, orphanSlot, horaExtraRefeicao);
}
