import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { cargos, noticias, perfilPermissoes, perfis, tenants, usuarioCnpjs, usuarios } from '../schema/index.js';
import { ManualClock } from '../../shared/clock.js';
import { verifyPassword } from '../../shared/secrets.js';
import { createTestEnv, describeEachBackend, T0, type TestEnv } from '../../../test/harness.js';
import { DEMO_PASSWORD, DEMO_USERS, EXTRA_DEMO_USERS, seedDemoData } from './index.js';

describeEachBackend('dados de demonstração', (backend) => {
  let env: TestEnv;
  let seeded: boolean;
  beforeAll(async () => {
    env = await createTestEnv(backend, { seed: false });
    seeded = await seedDemoData(env.database.system, new ManualClock(T0));
  });
  afterAll(() => env.close());

  it('cria os dois clientes com perfis, usuários e cargos, nesta ordem de ids', async () => {
    const db = env.database.owner;
    expect(seeded).toBe(true);
    expect((await db.select().from(tenants).orderBy(asc(tenants.id))).map((t) => [t.id, t.nome])).toEqual([
      [1, 'Jornada Demonstração'],
      [2, 'Beta Indústria'],
    ]);
    expect((await db.select().from(perfis).orderBy(asc(perfis.id))).map((p) => [p.id, p.tenantId, p.nome])).toEqual([
      [1, 1, 'Administrador'],
      [2, 1, 'Operador'],
      [3, 2, 'Administrador'],
      [4, 2, 'Operador'],
      [5, 1, 'RH'],
      [6, 1, 'Consulta'],
    ]);
    const users = await db.select().from(usuarios).orderBy(asc(usuarios.id));
    expect(users.map((u) => [u.id, u.tenantId, u.email, u.perfilId])).toEqual([
      [1, 1, 'admin@jornada.demo', 1],
      [2, 1, 'operador@jornada.demo', 2],
      [3, 2, 'admin@beta.jornada.demo', 3],
      [4, 1, 'rh@jornada.demo', 5],
      [5, 1, 'consulta@jornada.demo', 6],
      [6, 1, 'campinas@jornada.demo', 2],
      [7, 1, 'rh.campinas@jornada.demo', 5],
    ]);
    const perTenant = (await db.select().from(cargos)).reduce<Record<number, number>>(
      (acc, c) => ({ ...acc, [c.tenantId]: (acc[c.tenantId] ?? 0) + 1 }),
      {},
    );
    expect(perTenant).toEqual({ 1: 8, 2: 3 });
  });

  it('cada conta tem o seu próprio hash argon2id (sal próprio), e todos conferem com a senha de demonstração', async () => {
    const users = await env.database.owner.select().from(usuarios);
    expect(users.map((u) => u.email).sort()).toEqual([...DEMO_USERS, ...EXTRA_DEMO_USERS].map((u) => u.email).sort());
    expect(new Set(users.map((u) => u.senhaHash)).size).toBe(users.length);
    for (const u of users) {
      expect(u.senhaHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(u.senhaHash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('os usuários de Campinas veem só a filial; os outros, todas as empresas do cliente', async () => {
    const db = env.database.owner;
    const scope = await db.select().from(usuarioCnpjs);
    const cnpjsOf = (usuarioId: number) =>
      scope
        .filter((s) => s.usuarioId === usuarioId)
        .map((s) => s.cnpjId)
        .sort();
    expect(cnpjsOf(1)).toEqual([1, 2]);
    expect(cnpjsOf(4)).toEqual([1, 2]);
    expect(cnpjsOf(6)).toEqual([2]);
    expect(cnpjsOf(7)).toEqual([2]);
    const codes = (perfilId: number) =>
      db
        .select()
        .from(perfilPermissoes)
        .then((r) => r.filter((p) => p.perfilId === perfilId).map((p) => p.codigo));
    // RH: no user or profile administration; Consulta: views only, none of the buttons' codes.
    expect(await codes(5)).toEqual(expect.arrayContaining([24, 25, 26, 102, 103, 10]));
    expect(await codes(5)).not.toEqual(expect.arrayContaining([2]));
    for (const c of [2, 3, 7, 8, 20, 21, 25]) expect(await codes(6)).not.toContain(c);
    expect(await codes(6)).toEqual(expect.arrayContaining([19, 24, 10, 128, 129]));
  });

  it('a notícia do dia tem a data de São Paulo do relógio do seed; as outras caem em dias e meses anteriores', async () => {
    const rows = await env.database.owner.select().from(noticias).orderBy(asc(noticias.id));
    expect(rows.map((n) => n.dataPublicacao)).toEqual([
      '2026-03-10',
      '2026-01-05',
      '2026-02-28',
      '2026-02-01',
      '2026-01-15',
    ]);
  });

  it('não semeia de novo um banco que já tem clientes', async () => {
    expect(await seedDemoData(env.database.system, new ManualClock(T0))).toBe(false);
    expect(await env.database.owner.select().from(tenants)).toHaveLength(2);
  });
});
