import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { perfis, planos, tenants, usuarios } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

/**
 * What two administrators can do at the same moment (issue 9): on PostgreSQL
 * the requests really run in parallel, each in its own transaction.
 */
describeEachBackend('Usuários sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  const perfil = { demo: 0, beta: 0, demoAdmin: 0, betaAdmin: 0 };

  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, beta] = await Promise.all([login(env.app, ADMIN), login(env.app, BETA_ADMIN)]);
    const rows = await env.database.owner.select().from(perfis);
    perfil.demo = rows.find((p) => p.tenantId === 1 && p.nome === 'Operador')!.id;
    perfil.beta = rows.find((p) => p.tenantId === 2 && p.nome === 'Operador')!.id;
    perfil.demoAdmin = rows.find((p) => p.tenantId === 1 && p.protegido)!.id;
    perfil.betaAdmin = rows.find((p) => p.tenantId === 2 && p.protegido)!.id;
  });
  afterAll(() => env.close());

  const create = (token: string, email: string, perfilId: number, nome = 'Concorrente') =>
    call(env.app, '/api/usuario/salvar', { usuario: { nome, email }, perfil: { id: perfilId } }, { token });
  const usersWith = async (email: string) =>
    env.database.owner.select().from(usuarios).where(eq(usuarios.email, email));

  it('dois clientes cadastram o mesmo e-mail ao mesmo tempo: um 200, um 409, um só usuário', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `disputado.${round}@jornada.demo`;
      const results = await Promise.all([create(admin, email, perfil.demo), create(beta, email, perfil.beta)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)?.body.mensagem).toBe(MSG.emailJaCadastrado);
      expect(await usersWith(email)).toHaveLength(1);
    }
  });

  it('no limite do plano menos um, cadastros simultâneos: exatamente um passa', async () => {
    const db = env.database.owner;
    const count = (await db.select().from(usuarios).where(eq(usuarios.tenantId, 1))).length;
    const [plan] = await db
      .insert(planos)
      .values({ nome: 'Limite', maxFuncionarios: 10, maxCnpjs: 2, maxUsuarios: count + 1 })
      .returning();
    await db.update(tenants).set({ planoId: plan!.id }).where(eq(tenants.id, 1));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(admin, `limite.${i}@jornada.demo`, perfil.demo)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400))
      expect(r.body.mensagem).toBe(MSG.limiteUsuarios(count + 1));
    expect(await db.select().from(usuarios).where(eq(usuarios.tenantId, 1))).toHaveLength(count + 1);
  });

  it('dois Administradores rebaixam um ao outro ao mesmo tempo: um continua Administrador', async () => {
    const db = env.database.owner;
    // In Beta, whose only Administrador is its demo admin: one more.
    await db.update(planos).set({ maxUsuarios: 1000 });
    expect((await create(beta, 'terceiro.adm@jornada.demo', perfil.betaAdmin, 'Terceiro Adm')).status).toBe(200);
    const [betaAdmin] = await usersWith(BETA_ADMIN);
    await db
      .update(usuarios)
      .set({ senhaHash: betaAdmin!.senhaHash })
      .where(eq(usuarios.email, 'terceiro.adm@jornada.demo'));
    const terceiro = await login(env.app, 'terceiro.adm@jornada.demo');
    const [terceiroUser] = await usersWith('terceiro.adm@jornada.demo');
    const demote = (token: string, u: { id: number; nome: string; email: string }) =>
      call(
        env.app,
        '/api/usuario/alterar',
        { usuario: { id: u.id, nome: u.nome, email: u.email }, perfil: { id: perfil.beta } },
        { token },
      );
    const results = await Promise.all([demote(beta, terceiroUser!), demote(terceiro, betaAdmin!)]);
    // The loser is refused by the rule (400) or, when the winner's change landed before its request
    // reached the wall, by the wall itself: it is no longer an Administrador (403).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const refused = results.find((r) => r.status !== 200)!;
    expect(refused.body.mensagem).toBe(refused.status === 400 ? MSG.ultimoAdministrador : MSG.semPermissao);
    const admins = await db
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.tenantId, 2), eq(usuarios.perfilId, perfil.betaAdmin)));
    expect(admins).toHaveLength(1);
  });
  it('dois Administradores excluem um ao outro ao mesmo tempo: um fica', async () => {
    const db = env.database.owner;
    // A second Administrador who can log in (the last test: the demo admin may be the one deleted).
    expect((await create(admin, 'segundo.adm@jornada.demo', perfil.demoAdmin, 'Segundo Adm')).status).toBe(200);
    const [demoAdmin] = await usersWith(ADMIN);
    await db
      .update(usuarios)
      .set({ senhaHash: demoAdmin!.senhaHash })
      .where(eq(usuarios.email, 'segundo.adm@jornada.demo'));
    const segundo = await login(env.app, 'segundo.adm@jornada.demo');
    const [segundoUser] = await usersWith('segundo.adm@jornada.demo');
    const results = await Promise.all([
      call(env.app, '/api/usuario/excluir', { usuario: { id: segundoUser!.id } }, { token: admin }),
      call(env.app, '/api/usuario/excluir', { usuario: { id: demoAdmin!.id } }, { token: segundo }),
    ]);
    // On PGlite the two run one after the other: the second caller's session may already be gone (401).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 401]).toContain(statuses[1]);
    const refused = results.find((r) => r.status !== 200)!;
    if (refused.status === 400) expect(refused.body.mensagem).toBe(MSG.ultimoAdministrador);
    const admins = await db
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.tenantId, 1), eq(usuarios.perfilId, perfil.demoAdmin)));
    expect(admins).toHaveLength(1);
  });
});
