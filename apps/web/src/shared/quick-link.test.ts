import { afterEach, describe, expect, it } from 'vitest';
import { QUICK_LINK_MS, consumeQuickLink, newQuickLink } from './quick-link';

afterEach(() => sessionStorage.clear());

describe('lk_rp: o atalho de uso único (seed 002 §2)', () => {
  it('vale uma vez, só o valor guardado nesta aba e só por pouco tempo', () => {
    const now = 1_773_000_000_000;
    const v = newQuickLink(now);
    expect(consumeQuickLink('outro', now)).toBe(false);
    // A wrong value uses the stored one up too.
    expect(consumeQuickLink(v, now)).toBe(false);
    const w = newQuickLink(now);
    expect(consumeQuickLink(w, now + 1_000)).toBe(true);
    expect(consumeQuickLink(w, now + 1_000)).toBe(false);
    const late = newQuickLink(now);
    expect(consumeQuickLink(late, now + QUICK_LINK_MS + 1)).toBe(false);
    expect(consumeQuickLink(null, now)).toBe(false);
  });
});
