/**
 * Percentages (seed 001 §5): typed and shown as percent, sent as fractions —
 * divided by 100 on the way out, multiplied by 100 on the way in. Rounded so
 * binary floating point never shows 7.000000000000001 % or sends 0.07000000001.
 */
const round = (n: number, digits: number) => Number(n.toFixed(digits));

export function toFraction(percent: number | null | undefined): number | null {
  return percent === null || percent === undefined ? null : round(percent / 100, 6);
}

export function toPercent(fraction: number | null | undefined): number | null {
  return fraction === null || fraction === undefined ? null : round(fraction * 100, 4);
}
