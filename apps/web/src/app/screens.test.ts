import { describe, expect, it } from 'vitest';
import { PRIVATE_ROUTES } from '@jornada/contracts';
import { PENDING, SCREENS, type LazyScreen } from './screens';

describe('screen registry', () => {
  it('has one entry per private route of the contracts, each a screen or pending', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(PRIVATE_ROUTES.map((r) => r.path).sort());
    for (const [path, screen] of Object.entries(SCREENS)) {
      expect(screen === PENDING || typeof screen === 'function' || typeof screen === 'object', path).toBe(true);
    }
  });

  it('loads every lazy screen to a component', async () => {
    const lazy = Object.entries(SCREENS).filter(
      (e): e is [string, LazyScreen] => typeof e[1] === 'object' && 'load' in e[1],
    );
    expect(lazy.length).toBeGreaterThan(0);
    for (const [path, screen] of lazy) expect(typeof (await screen.load()), path).toBe('function');
  });
});
