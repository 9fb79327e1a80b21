import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { SUPER_ADMIN_CODE } from '@jornada/contracts';
import {
  cargos,
  centrosCusto,
  cnpjs,
  noticias,
  perfilPermissoes,
  perfis,
  tenants,
  usuarioCentrosCusto,
  usuarioCnpjs,
  usuarios,
} from '../schema/index.js';
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

  const tenantIdOf = async (nome: string) =>
    (await env.database.owner.select().from(tenants).where(eq(tenants.nome, nome)))[0]!.id;
  const demoTenantId = () => tenantIdOf('Jornada Demonstração');
  /** The demo customer's CNPJs: the main one first, then the Campinas branch. */
  const demoCnpjIds = async () =>
    (
      await env.database.owner
        .select()
        .from(cnpjs)
        .where(eq(cnpjs.tenantId, await demoTenantId()))
    )
      .sort((a, b) => Number(b.principal) - Number(a.principal) || a.id - b.id)
      .map((c) => c.id);
  /** Each account's companies, by e-mail. */
  const scopes = async () => {
    const db = env.database.owner;
    const [users, assigned] = await Promise.all([db.select().from(usuarios), db.select().from(usuarioCnpjs)]);
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    return {
      emailOf: (id: number) => users.find((u) => u.id === id)!.email,
      cnpjsOf: (email: string) =>
        assigned
          .filter((s) => s.usuarioId === idOf(email))
          .map((s) => s.cnpjId)
          .sort((a, b) => a - b),
    };
  };

  it('cria os dois clientes com perfis, usuários e cargos, nesta ordem de ids, e depois o provedor', async () => {
    const db = env.database.owner;
    expect(seeded).toBe(true);
    expect(
      (await db.select().from(tenants).orderBy(asc(tenants.id))).map((t) => [t.id, t.nome, t.provedor, t.planoId]),
    ).toEqual([
      [1, 'Jornada Demonstração', false, 1],
      [2, 'Beta Indústria', false, 1],
      [3, 'Jornada (provedor)', true, null],
    ]);
    expect(
      (await db.select().from(perfis).orderBy(asc(perfis.id))).map((p) => [p.id, p.tenantId, p.nome, p.protegido]),
    ).toEqual([
      [1, 1, 'Administrador', true],
      [2, 1, 'Operador', false],
      [3, 2, 'Administrador', true],
      [4, 2, 'Operador', false],
      [5, 1, 'RH', false],
      [6, 1, 'Consulta', false],
      [7, 3, 'Provedor', true],
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
      [8, 3, 'superadmin@jornada.demo', 7],
    ]);
    expect(
      (await db.select().from(perfilPermissoes).where(eq(perfilPermissoes.perfilId, 7))).map((p) => p.codigo),
    ).toEqual([SUPER_ADMIN_CODE]);
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
    const { cnpjsOf } = await scopes();
    const [matriz, campinas] = await demoCnpjIds();
    for (const email of ['admin@jornada.demo', 'rh@jornada.demo', 'consulta@jornada.demo']) {
      expect(cnpjsOf(email), email).toEqual([matriz, campinas]);
    }
    expect(cnpjsOf('campinas@jornada.demo')).toEqual([campinas]);
    expect(cnpjsOf('rh.campinas@jornada.demo')).toEqual([campinas]);
    const profiles = await db
      .select()
      .from(perfis)
      .where(eq(perfis.tenantId, await demoTenantId()));
    const codes = async (nome: string) => {
      const perfilId = profiles.find((p) => p.nome === nome)!.id;
      return (await db.select().from(perfilPermissoes).where(eq(perfilPermissoes.perfilId, perfilId))).map(
        (p) => p.codigo,
      );
    };
    // RH: no user or profile administration; Consulta: views only, none of the buttons' codes.
    expect(await codes('RH')).toEqual(expect.arrayContaining([24, 25, 26, 102, 103, 10]));
    expect(await codes('RH')).not.toEqual(expect.arrayContaining([2]));
    // 125, 150 and 160 are screens whose view code is also their action's (Calcular, Fechar, devices): not a reader's.
    for (const c of [2, 3, 7, 8, 20, 21, 25, 125, 150, 160]) expect(await codes('Consulta')).not.toContain(c);
    expect(await codes('Consulta')).toEqual(expect.arrayContaining([19, 24, 10, 128, 129]));
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

  it('as empresas têm endereço numa cidade do IBGE e o fuso dessa cidade', async () => {
    const rows = await env.database.owner.select().from(cnpjs).orderBy(asc(cnpjs.id));
    expect(rows.map((c) => [c.tenantId, c.cidadeId, c.fusoHorario, c.cep])).toEqual([
      [1, 3550308, 'America/Sao_Paulo', '01310200'],
      [1, 3509502, 'America/Sao_Paulo', '13012100'],
      [2, 1302603, 'America/Porto_Velho', '69058830'],
    ]);
  });

  it('cada empresa tem a sua árvore de centros de custo, com pais do mesmo nível acima e da mesma empresa', async () => {
    const rows = await env.database.owner.select().from(centrosCusto);
    expect(rows).toHaveLength(23);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      const pai = r.paiId === null ? undefined : byId.get(r.paiId);
      if (r.tipo === 1) expect(pai, r.nome).toBeUndefined();
      else expect([pai?.tipo, pai?.cnpjId, pai?.tenantId], r.nome).toEqual([r.tipo - 1, r.cnpjId, r.tenantId]);
    }
  });

  it('o operador vê só a matriz e o departamento Administrativo; o RH de Campinas, um departamento da filial; os administradores, tudo', async () => {
    const db = env.database.owner;
    const { cnpjsOf, emailOf } = await scopes();
    const [matriz, campinas] = await demoCnpjIds();
    const beta = (
      await db
        .select()
        .from(cnpjs)
        .where(eq(cnpjs.tenantId, await tenantIdOf('Beta Indústria')))
    ).map((c) => c.id);
    expect(cnpjsOf('admin@jornada.demo')).toEqual([matriz, campinas]);
    expect(cnpjsOf('operador@jornada.demo')).toEqual([matriz]);
    expect(cnpjsOf('admin@beta.jornada.demo')).toEqual(beta);
    const limites = await db
      .select({ usuarioId: usuarioCentrosCusto.usuarioId, nome: centrosCusto.nome, cnpjId: centrosCusto.cnpjId })
      .from(usuarioCentrosCusto)
      .innerJoin(centrosCusto, eq(centrosCusto.id, usuarioCentrosCusto.centroCustoId));
    expect(
      limites
        .map((l) => ({ email: emailOf(l.usuarioId), nome: l.nome, cnpjId: l.cnpjId }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      { email: 'operador@jornada.demo', nome: 'Administrativo', cnpjId: matriz },
      { email: 'rh.campinas@jornada.demo', nome: 'Logística', cnpjId: campinas },
    ]);
  });

  it('não semeia de novo um banco que já tem clientes', async () => {
    expect(await seedDemoData(env.database.system, new ManualClock(T0))).toBe(false);
    expect(await env.database.owner.select().from(tenants)).toHaveLength(3);
  });
});
