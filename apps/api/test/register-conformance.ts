import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { MSG, type Endpoint } from '@jornada/contracts';
import { logOperacoes, perfilPermissoes, perfis, tenants, usuarios } from '../src/db/schema/index.js';
import { hashPassword } from '../src/shared/secrets.js';
import {
  ADMIN,
  BETA_ADMIN,
  DEMO_PASSWORD,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from './harness.js';

/** A register's record as its list answers it. */
interface Row {
  id: number;
  codigo?: string;
}

/**
 * The house rules every register (cadastro) keeps, checked once here so each
 * register's own test file holds only its domain (issue 8 §6): list, create
 * with an automatic and a typed code, 409 in Portuguese for a duplicate code,
 * edit and delete with the operation log, permission narrowing (create vs
 * edit), another tenant's ids → 404 with nothing changed, and 20 concurrent
 * automatic creations with distinct codes (on PostgreSQL for real).
 */
export interface RegisterConformance<F> {
  name: string;
  endpoints: { list: Endpoint; get: Endpoint; save: Endpoint; remove: Endpoint };
  /** The save body around a form (e.g. `{ cargo: form }`). */
  saveBody(form: F): unknown;
  /** The remove body for an id (e.g. `{ cargo: { id } }`). */
  removeBody(id: number): unknown;
  /** The get body for an id (e.g. `{ idCargo: id }`). */
  getBody(id: number): unknown;
  /** A valid new form; `n` makes it unique. `codigo` undefined = automatic code. */
  newForm(n: number, codigo?: string): F;
  /** The same record edited. */
  editForm(row: Row, n: number): F;
  codes: { view: number; create: number; edit: number; remove: number };
  messages: { created: string; changed: string; removed: string; duplicateCode?: (codigo: string) => string };
  /** The operation log's name of the record kind ("Cargo"). */
  entity: string;
  /** Whether the register has codes with an automatic sequence. */
  coded: boolean;
}

export function describeRegisterConformance<F>(c: RegisterConformance<F>): void {
  describeEachBackend(`cadastro ${c.name}: regras da casa`, (backend) => {
    let env: TestEnv;
    let admin: string;
    let beta: string;
    const only: Record<'create' | 'edit', string> = { create: '', edit: '' };

    beforeAll(async () => {
      env = await createTestEnv(backend);
      [admin, beta] = await Promise.all([login(env.app, ADMIN), login(env.app, BETA_ADMIN)]);
      // Two users of the demo tenant: one may only create, the other only edit.
      const [tenant] = await env.database.owner.select().from(tenants).limit(1);
      for (const kind of ['create', 'edit'] as const) {
        const email = `so.${kind}.${c.name.toLowerCase()}@jornada.demo`;
        const [perfil] = await env.database.owner
          .insert(perfis)
          .values({ tenantId: tenant!.id, nome: `Só ${kind} ${c.name}` })
          .returning();
        await env.database.owner
          .insert(perfilPermissoes)
          .values(
            [c.codes.view, c.codes[kind]].map((codigo) => ({ tenantId: tenant!.id, perfilId: perfil!.id, codigo })),
          );
        await env.database.owner.insert(usuarios).values({
          tenantId: tenant!.id,
          nome: email,
          nomeLogin: email,
          email,
          senhaHash: await hashPassword(DEMO_PASSWORD),
          perfilId: perfil!.id,
        });
        only[kind] = await login(env.app, email);
      }
    });
    afterAll(() => env.close());

    const list = async (token = admin) => (await call(env.app, c.endpoints.list.path, {}, { token })).body as Row[];
    const save = (form: F, token = admin) => call(env.app, c.endpoints.save.path, c.saveBody(form), { token });
    const lastLog = async () =>
      (await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1))[0];
    const created = async (n: number) => {
      const before = new Set((await list()).map((r) => r.id));
      const r = await save(c.newForm(n));
      expect([r.status, r.body.mensagem]).toEqual([200, c.messages.created]);
      return (await list()).find((row) => !before.has(row.id))!;
    };

    it('cria, registra no log e lista', async () => {
      const row = await created(1);
      expect(row).toBeDefined();
      expect(await lastLog()).toMatchObject({ acao: 'Cadastrar', loginUsuario: ADMIN });
      expect((await lastLog())!.descricao).toMatch(new RegExp(`^${c.entity} `));
      const got = await call(env.app, c.endpoints.get.path, c.getBody(row.id), { token: admin });
      expect([got.status, got.body.id]).toEqual([200, row.id]);
    });

    if (c.coded) {
      it('código digitado repetido → 409 em português e nada gravado', async () => {
        const codigo = `C${Date.now() % 100000}`;
        expect((await save(c.newForm(2, codigo))).status).toBe(200);
        const before = (await list()).length;
        const again = await save(c.newForm(3, codigo));
        expect(again.status).toBe(409);
        expect(again.body.mensagem).toBe(c.messages.duplicateCode?.(codigo) ?? MSG.registroDuplicado);
        expect((await list()).length).toBe(before);
      });

      it('20 cadastros simultâneos com código automático: todos 200, códigos distintos', async () => {
        const before = new Set((await list()).map((r) => r.id));
        const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(c.newForm(100 + i))));
        expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
        const added = (await list()).filter((r) => !before.has(r.id));
        expect(new Set(added.map((r) => r.codigo)).size).toBe(20);
      });
    }

    it('edita e registra "alterado para" no log', async () => {
      const row = await created(4);
      const r = await save(c.editForm(row, 5));
      expect([r.status, r.body.mensagem]).toEqual([200, c.messages.changed]);
      expect(await lastLog()).toMatchObject({ acao: 'Editar' });
      expect((await lastLog())!.descricao).toContain(' alterado para ');
    });

    it('quem só cria não edita; quem só edita não cria (403)', async () => {
      const row = await created(6);
      expect((await save(c.editForm(row, 7), only.create)).status).toBe(403);
      expect((await save(c.newForm(8), only.edit)).status).toBe(403);
      expect((await save(c.newForm(9), only.create)).status).toBe(200);
      expect((await save(c.editForm(row, 10), only.edit)).status).toBe(200);
    });

    it('ids de outro cliente → 404 e nada muda', async () => {
      const row = await created(11);
      const snapshot = JSON.stringify(await list());
      const got = await call(env.app, c.endpoints.get.path, c.getBody(row.id), { token: beta });
      const edited = await save(c.editForm(row, 12), beta);
      const removed = await call(env.app, c.endpoints.remove.path, c.removeBody(row.id), { token: beta });
      expect([got.status, edited.status, removed.status]).toEqual([404, 404, 404]);
      expect(JSON.stringify(await list())).toBe(snapshot);
      expect((await list(beta)).map((r) => r.id)).not.toContain(row.id);
    });

    it('exclui e registra no log; excluir de novo → 404', async () => {
      const row = await created(13);
      const r = await call(env.app, c.endpoints.remove.path, c.removeBody(row.id), { token: admin });
      expect([r.status, r.body.mensagem]).toEqual([200, c.messages.removed]);
      expect(await lastLog()).toMatchObject({ acao: 'Excluir' });
      expect((await list()).map((x) => x.id)).not.toContain(row.id);
      const again = await call(env.app, c.endpoints.remove.path, c.removeBody(row.id), { token: admin });
      expect(again.status).toBe(404);
    });
  });
}
