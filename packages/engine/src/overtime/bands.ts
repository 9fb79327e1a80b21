import type { BandColumn, CompiledBand, CompiledPolicy } from '../model/policy.js';
import type { Buckets } from '../model/day.js';
import { NightClock, toReduced } from '../night/night.js';

/** How the day's counted overtime is split between payment and the hour bank (§13.2). */
export interface BankSplitRule {
  /** 1 = bank first, 2 = overtime (payment) first. */
  priority: 1 | 2;
  /** Minutes that go to the first destination (Infinity = unlimited). */
  limit: number;
}

export interface OvertimeDistribution {
  total: number;
  paid: number;
  bankMinutes: number;
  overtime: Buckets;
  overtimeNight: Buckets;
  overtimeNightReduced: Buckets;
  nightMinutes: number;
  /**
   * How many keys `overtime` and `overtimeNight` hold, and the last key each got. Percent keys are
   * array indices, which makes a `for…in` over a bucket slow (a runtime call that collects them): with
   * one key, the usual overtime day, the key is read from here instead (issue 26 §5).
   */
  overtimeKeys: number;
  overtimeLastKey: string;
  overtimeNightKeys: number;
  overtimeNightLastKey: string;
}

/**
 * Positional bands (spec §10.2/§10.3): each timeline minute takes the first band
 * whose `ate` its tipo counter has not reached; minutes sent to the bank keep
 * their positions (BH-06), so only the paid positions fill buckets.
 *
 * @param timeline flat [a, b, …] counted credit minutes in timeline order (§10.1)
 */
export function distributeOvertime(
  timeline: readonly number[],
  night: NightClock,
  policy: CompiledPolicy,
  column: BandColumn,
  bank: BankSplitRule | null,
): OvertimeDistribution {
  let total = 0;
  for (let i = 0; i < timeline.length; i += 2) total += timeline[i + 1]! - timeline[i]!;
  const res: OvertimeDistribution = {
    total,
    paid: 0,
    bankMinutes: 0,
    overtime: {},
    overtimeNight: {},
    overtimeNightReduced: {},
    nightMinutes: 0,
    overtimeKeys: 0,
    overtimeLastKey: '',
    overtimeNightKeys: 0,
    overtimeNightLastKey: '',
  };
  if (total === 0) return res;
  // Global positions [bankFrom, bankTo) of the timeline go to the bank.
  let bankFrom = 0;
  let bankTo = 0;
  if (bank) {
    const first = Math.min(total, bank.limit);
    if (bank.priority === 1) bankTo = first;
    else {
      bankFrom = first;
      bankTo = total;
    }
  }
  const separateNight = policy.bandsNight.length > 0;
  let pos = 0;
  let cDay = 0;
  let cNight = 0;
  // Each timeline segment is walked piece by piece, a piece being all night or all day — the pieces of
  // splitByNight, without building their list for every day (issue 26 §5).
  for (let i = 0; i < timeline.length; i += 2) {
    const segEnd = timeline[i + 1]!;
    for (let s = timeline[i]!; s < segEnd;) {
      const e = night.nextBoundary(s, segEnd);
      let len = e - s;
      const isNight = night.minutes(s, e) > 0;
      s = e;
      if (isNight) res.nightMinutes += len;
      const useNight = isNight && separateNight;
      const bands: CompiledBand[] = useNight ? policy.bandsNight : policy.bandsDay;
      while (len > 0) {
        const counter = useNight ? cNight : cDay;
        let bi = 0;
        while (bi < bands.length - 1 && counter >= bands[bi]!.upTo) bi++;
        const band = bands[bi]!;
        let take = Math.min(len, band.upTo - counter);
        const inBank = pos >= bankFrom && pos < bankTo;
        const toBoundary = inBank ? bankTo - pos : pos < bankFrom ? bankFrom - pos : Infinity;
        if (toBoundary < take) take = toBoundary;
        if (inBank) res.bankMinutes += take;
        else {
          res.paid += take;
          const k = String(band.percent[column]);
          const bucket = useNight ? res.overtimeNight : res.overtime;
          const before = bucket[k];
          bucket[k] = (before ?? 0) + take;
          if (before === undefined && useNight) {
            res.overtimeNightKeys++;
            res.overtimeNightLastKey = k;
          } else if (before === undefined) {
            res.overtimeKeys++;
            res.overtimeLastKey = k;
          }
        }
        pos += take;
        len -= take;
        if (useNight) cNight += take;
        else cDay += take;
      }
    }
  }
  const nightBuckets = res.overtimeNight;
  if (res.overtimeNightKeys === 1) {
    const k = res.overtimeNightLastKey;
    res.overtimeNightReduced[k] = toReduced(nightBuckets[k]!, policy);
  } else if (res.overtimeNightKeys > 1)
    for (const k in nightBuckets) res.overtimeNightReduced[k] = toReduced(nightBuckets[k]!, policy);
  return res;
}
