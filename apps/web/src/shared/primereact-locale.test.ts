import { describe, expect, it } from 'vitest';
import { localeOptions } from 'primereact/api';
import { LOCALE } from './primereact-locale';

type Tree = { [k: string]: unknown };
const flat = (o: Tree, prefix = ''): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? flat(v as Tree, `${prefix}${k}.`) : [[prefix + k, v]],
  );

/** Words that read the same in Portuguese (unit symbols, AM/PM, placeholders). */
const SAME_IN_PORTUGUESE = new Set([
  'am',
  'pm',
  'fileSizeTypes',
  'showMonthAfterYear',
  'aria.slide',
  'aria.slideNumber',
]);

describe('PrimeReact in Portuguese (issue 24 §8)', () => {
  it('every text PrimeReact has in English has its Portuguese one, so no English reaches a user or a screen reader', () => {
    const en = new Map(flat(localeOptions('en') as unknown as Tree));
    const pt = new Map(flat(localeOptions(LOCALE) as unknown as Tree));
    const missing = [...en.keys()].filter((k) => !pt.has(k));
    const stillEnglish = [...en].filter(([k, v]) => !SAME_IN_PORTUGUESE.has(k) && pt.get(k) === v).map(([k]) => k);
    expect({ missing, stillEnglish }).toEqual({ missing: [], stillEnglish: [] });
  });
});
