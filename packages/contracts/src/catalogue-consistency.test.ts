import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS, SIDE_MENU, SYSTEM_MENU, type MenuItem } from './menu.js';
import { ALL_CUSTOMER_CODES, LOGGED_IN_CODE, PERM, PERMISSIONS, SUPER_ADMIN_CODE } from './permissions.js';
import { ROUTES } from './routes.js';

/**
 * The permission catalogue, the route table and the menu are three views of
 * one fact; these checks catch the edit that changes one and forgets another.
 */
const known = new Set<number>([LOGGED_IN_CODE, SUPER_ADMIN_CODE, ...ALL_CUSTOMER_CODES]);
const flatten = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((i) => [i, ...(i.filhos ? flatten(i.filhos) : [])]);
const menu = [...flatten(SIDE_MENU), ...flatten(SYSTEM_MENU)];
// Menu keys a permission may name without a menu entry: the top bar's Meus Dados button (seed 000 §2.4).
const MENU_KEYS_OUTSIDE_THE_MENU = ['meus-dados'];

describe('permission catalogue', () => {
  it('has each code once and keeps 0 and 99999 out of customer profiles', () => {
    expect(new Set(ALL_CUSTOMER_CODES).size).toBe(ALL_CUSTOMER_CODES.length);
    expect(ALL_CUSTOMER_CODES).not.toContain(LOGGED_IN_CODE);
    expect(ALL_CUSTOMER_CODES).not.toContain(SUPER_ADMIN_CODE);
  });

  it('keeps the PERM names the API imports', () => {
    expect(PERM).toMatchObject({
      CARGOS_VER: 19,
      CARGOS_NOVO: 20,
      CARGOS_EDITAR: 21,
      CARGOS_EXCLUIR: 22,
      CONTROLE_PONTO: 126,
    });
    expect(Object.values(PERM).sort()).toEqual([...ALL_CUSTOMER_CODES].sort());
  });

  it('hangs every permission from a menu item that exists, with exactly one principal per item', () => {
    const keys = new Set([...menu.map((m) => m.key), ...MENU_KEYS_OUTSIDE_THE_MENU]);
    for (const p of PERMISSIONS) expect(keys, `${p.codigo} → ${p.menu}`).toContain(p.menu);
    const principals = new Map<string, number>();
    for (const p of PERMISSIONS) if (p.principal) principals.set(p.menu, (principals.get(p.menu) ?? 0) + 1);
    for (const p of PERMISSIONS) expect(principals.get(p.menu), p.menu).toBe(1);
  });
});

describe('route table', () => {
  it('names only known codes', () => {
    for (const r of ROUTES) {
      if (r.permission !== null) expect(known, r.path).toContain(r.permission);
      if (r.altPermission !== undefined) expect(known, r.path).toContain(r.altPermission);
    }
  });

  it('has each path once', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
});

describe('menu', () => {
  it('has unique keys and only known codes', () => {
    expect(new Set(menu.map((m) => m.key)).size).toBe(menu.length);
    for (const m of menu) expect(known, m.key).toContain(m.codigo);
  });

  it('points every internal entry to a private route opened by the same code', () => {
    for (const m of menu.filter((i) => i.to !== undefined)) {
      const route = ROUTES.find((r) => r.path === m.to);
      expect(route, m.key).toBeDefined();
      expect(route?.permission, m.key).not.toBeNull();
      expect([route?.permission, route?.altPermission], m.key).toContain(m.codigo);
    }
  });

  it('gives every item a destination or children, and external links only from EXTERNAL_LINKS', () => {
    const links = Object.values(EXTERNAL_LINKS) as string[];
    for (const m of menu) {
      expect(
        [m.to, m.href, m.filhos].filter((x) => x !== undefined),
        m.key,
      ).toHaveLength(1);
      if (m.href !== undefined) expect(links, m.key).toContain(m.href);
      if (m.filhos) expect(m.filhos.length, m.key).toBeGreaterThan(0);
    }
  });
});
