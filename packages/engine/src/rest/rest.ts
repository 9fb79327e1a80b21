import type { PreviousJourney } from '../model/day.js';
import type { Trace } from '../model/trace.js';

const WEEKLY_REST = 1440;

/**
 * Interjornada (art. 66, OJ 355 SDI-1; Súmula 110 for the 24 h of weekly rest, spec §11).
 * Reported on the later day; never banked nor added to the bands.
 */
export function interjornadaShortfall(
  firstPunch: number,
  prev: PreviousJourney | null | undefined,
  tempoInterjornada: number,
  tr: Trace | null,
): number {
  if (!prev) return 0;
  const rest = firstPunch - prev.lastPunch;
  const required = tempoInterjornada + (prev.unworkedDsrBetween ? WEEKLY_REST : 0);
  const short = required > rest ? required - rest : 0;
  if (tr && short > 0)
    tr.add(
      'interjornadaShortfall',
      short,
      prev.unworkedDsrBetween ? 'art. 66 + art. 67 / Súmula 110' : 'art. 66 / OJ 355',
      `Descanso de ${rest} min entre jornadas, mínimo ${required} min: faltam ${short} min`,
    );
  return short;
}

export interface IntrajornadaResult {
  suppressed: number;
  longestGap: number;
  /** Minutes from the first entry to the start of the first gap (-1 without gaps). */
  firstGapAfter: number;
}

/**
 * Art. 71 §4 after Lei 13.467/2017 (spec §12): only the suppressed minutes, using
 * the longest single gap (the break must be continuous).
 */
export function intrajornada(
  pairs: readonly number[],
  worked: number,
  plannedFirstInterval: number,
  tr: Trace | null,
): IntrajornadaResult {
  let longestGap = 0;
  let firstGapAfter = -1;
  for (let i = 1; i + 1 < pairs.length; i += 2) {
    const g = pairs[i + 1]! - pairs[i]!;
    if (g > longestGap) longestGap = g;
    if (firstGapAfter < 0) firstGapAfter = pairs[i]! - pairs[0]!;
  }
  let required = 0;
  if (worked > 360) {
    // A collective norm may reduce the >6 h break to 30 min (art. 611-A III).
    required = plannedFirstInterval >= 30 && plannedFirstInterval < 60 ? plannedFirstInterval : 60;
  } else if (worked > 240) required = 15;
  const suppressed = required > longestGap ? required - longestGap : 0;
  if (tr && suppressed > 0)
    tr.add(
      'intervaloSuprimido',
      suppressed,
      'art. 71 §4',
      `Jornada de ${worked} min exige intervalo de ${required} min; maior intervalo ${longestGap} min: ${suppressed} min suprimidos`,
    );
  return { suppressed, longestGap, firstGapAfter };
}
