import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { cargos, tenants } from './schema/index.js';
import { queryRows, queryRowsPrepared } from './client.js';
import { ensureDatabaseWalls } from './tenant-rls.js';
import { withSystem, withTenant } from './tenant-tx.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';

describeEachBackend('row-level security (a segunda parede)', (backend) => {
  let env: TestEnv;
  let tenantIds: number[];
  beforeAll(async () => {
    env = await createTestEnv(backend);
    tenantIds = (await env.database.owner.select({ id: tenants.id }).from(tenants)).map((t) => t.id).sort();
  });
  afterAll(() => env.close());

  it('uma consulta sem filtro de tenant só vê as linhas do tenant da transação', async () => {
    const [a, b] = tenantIds as [number, number];
    const all = await env.database.owner.select().from(cargos);
    const seenByA = await withTenant(env.database.owner, a, (tx) => tx.select().from(cargos));
    expect(seenByA.length).toBeGreaterThan(0);
    expect(seenByA.every((c) => c.tenantId === a)).toBe(true);
    expect(seenByA.length).toBe(all.filter((c) => c.tenantId === a).length);
    const seenByB = await withTenant(env.database.owner, b, (tx) => tx.select().from(cargos));
    expect(seenByB.every((c) => c.tenantId === b)).toBe(true);
  });

  it('não grava linha de outro tenant', async () => {
    const [a, b] = tenantIds as [number, number];
    await expect(
      withTenant(env.database.owner, a, (tx) =>
        tx.insert(cargos).values({ tenantId: b, codigo: 'RLS', nome: 'Intruso' }),
      ),
    ).rejects.toThrow();
    const rows = await env.database.owner
      .select()
      .from(cargos)
      .where(sql`codigo = 'RLS'`);
    expect(rows).toEqual([]);
  });

  it('toda tabela com tenant_id tem RLS ligada e a política', async () => {
    const rows = await queryRows<{ table_name: string; rls: boolean; forced: boolean; policy: string | null }>(
      env.database.owner,
      sql`SELECT c.table_name, cl.relrowsecurity AS rls, cl.relforcerowsecurity AS forced, p.policyname AS policy
            FROM information_schema.columns c
            JOIN pg_class cl ON cl.relname = c.table_name AND cl.relnamespace = 'public'::regnamespace
            LEFT JOIN pg_policies p ON p.tablename = c.table_name AND p.policyname = 'tenant_isolation'
           WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => !r.rls || !r.forced || !r.policy)).toEqual([]);
  });

  it('uma tabela nova com tenant_id (outra migração) ganha as paredes no próximo início', async () => {
    await env.database.owner.execute(sql`CREATE TABLE parede_nova (id int, tenant_id int NOT NULL)`);
    try {
      await ensureDatabaseWalls(env.database.owner);
      const [row] = await queryRows<{ rls: boolean; forced: boolean; politicas: number }>(
        env.database.owner,
        sql`SELECT relrowsecurity AS rls, relforcerowsecurity AS forced,
                   (SELECT count(*)::int FROM pg_policies WHERE tablename = 'parede_nova') AS politicas
              FROM pg_class WHERE relname = 'parede_nova'`,
      );
      expect(row).toEqual({ rls: true, forced: true, politicas: 2 });
    } finally {
      await env.database.owner.execute(sql`DROP TABLE parede_nova`);
      await ensureDatabaseWalls(env.database.owner);
    }
  });

  it('uma tabela refeita por uma migração com o mesmo nome, ou uma parede desfeita à mão, volta no próximo início', async () => {
    const muros = async (tabela: string) =>
      (
        await queryRows<{ rls: boolean; forced: boolean; politicas: number }>(
          env.database.owner,
          sql`SELECT relrowsecurity AS rls, relforcerowsecurity AS forced,
                     (SELECT count(*)::int FROM pg_policies WHERE tablename = ${tabela}) AS politicas
                FROM pg_class WHERE relname = ${tabela} AND relnamespace = 'public'::regnamespace`,
        )
      )[0];
    await env.database.owner.execute(sql`CREATE TABLE parede_refeita (id int, tenant_id int NOT NULL)`);
    try {
      await ensureDatabaseWalls(env.database.owner);
      // Same name, same columns: only the table's identity tells it is not the walled one.
      await env.database.owner.execute(sql`DROP TABLE parede_refeita`);
      await env.database.owner.execute(sql`CREATE TABLE parede_refeita (id int, tenant_id int NOT NULL)`);
      await ensureDatabaseWalls(env.database.owner);
      expect(await muros('parede_refeita')).toEqual({ rls: true, forced: true, politicas: 2 });
    } finally {
      await env.database.owner.execute(sql`DROP TABLE parede_refeita`);
      await ensureDatabaseWalls(env.database.owner);
    }
    await env.database.owner.execute(sql`ALTER TABLE cargos NO FORCE ROW LEVEL SECURITY`);
    await env.database.owner.execute(sql`DROP POLICY tenant_isolation ON cargos`);
    await ensureDatabaseWalls(env.database.owner);
    expect(await muros('cargos')).toEqual({ rls: true, forced: true, politicas: 2 });
  });

  it('uma sequência nova (uma coluna serial numa tabela antiga) ganha o uso pelos papéis no próximo início', async () => {
    await env.database.owner.execute(sql`CREATE SEQUENCE parede_sequencia`);
    try {
      await ensureDatabaseWalls(env.database.owner);
      const [row] = await queryRows<{ app: boolean; sistema: boolean }>(
        env.database.owner,
        sql`SELECT has_sequence_privilege('jornada_app', 'parede_sequencia', 'USAGE') AS app,
                   has_sequence_privilege('jornada_sistema', 'parede_sequencia', 'USAGE') AS sistema`,
      );
      expect(row).toEqual({ app: true, sistema: true });
    } finally {
      await env.database.owner.execute(sql`DROP SEQUENCE parede_sequencia`);
      await ensureDatabaseWalls(env.database.owner);
    }
  });

  it('sem tenant definido, o papel da aplicação não vê nada', async () => {
    const rows = await env.database.owner.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('role', 'jornada_app', true)`);
      return tx.select().from(cargos);
    });
    expect(rows).toEqual([]);
  });

  /** Runs `statement` inside a tenant transaction on the app connection; resolves to the error, if any. */
  const insideTenant = async (tenantId: number, statement: ReturnType<typeof sql>) =>
    withTenant(env.database.app, tenantId, (tx) => tx.execute(statement)).then(
      () => undefined,
      (e: unknown) => e,
    );

  it('o papel dos clientes lê as tabelas de referência do IBGE', async () => {
    const [a] = tenantIds as [number];
    const rows = await withTenant(env.database.app, a, (tx) =>
      tx.execute(
        sql.raw('SELECT c.nome, e.uf FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE c.id = 3550308'),
      ),
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ nome: 'São Paulo', uf: 'SP' }]);
  });

  it.each([
    ["INSERT INTO tenants (nome, plano_id) VALUES ('Intruso', 1)", 'tenants'],
    ['UPDATE planos SET max_usuarios = 999999', 'planos'],
    ["INSERT INTO noticias (titulo, conteudo, data_publicacao) VALUES ('x', 'y', '2026-01-01')", 'noticias'],
    ["UPDATE cidades SET fuso_horario = 'UTC'", 'cidades'],
    ['DELETE FROM estados', 'estados'],
    ["INSERT INTO tentativas_login (chave, falhas, janela_inicio) VALUES ('x', 0, now())", 'tentativas_login'],
    ['DELETE FROM tentativas_login', 'tentativas_login'],
    ['SELECT * FROM sessoes', 'sessoes'],
    ['SELECT * FROM redefinicoes_senha', 'redefinicoes_senha'],
    ['SELECT * FROM emails_saida', 'emails_saida'],
    ['ALTER TABLE cargos DISABLE ROW LEVEL SECURITY', 'DDL'],
    ['DROP POLICY tenant_isolation ON cargos', 'DDL'],
    ['CREATE TABLE intrusa (id int)', 'DDL'],
  ])('o papel dos clientes não consegue: %s', async (statement) => {
    const [a] = tenantIds as [number];
    expect(await insideTenant(a, sql.raw(statement))).toBeInstanceOf(Error);
  });

  it('o papel dos clientes não troca de cliente no meio da transação', async () => {
    const [a, b] = tenantIds as [number, number];
    const seen = await withTenant(env.database.app, a, async (tx) => {
      await tx.execute(sql`SELECT set_config('app.tenant_id', ${String(b)}, true)`);
      return tx.select().from(cargos);
    });
    expect(seen.every((c) => c.tenantId === a)).toBe(true);
    expect(await insideTenant(a, sql`SELECT jornada_definir_tenant(${b}::int)`)).toBeInstanceOf(Error);
    expect(await insideTenant(a, sql`DELETE FROM pg_temp.jornada_contexto`)).toBeInstanceOf(Error);
  });

  it('o papel do sistema não faz DDL nem desliga a RLS', async () => {
    const refused = await withSystem(env.database.system, (tx) =>
      tx.execute(sql`ALTER TABLE cargos NO FORCE ROW LEVEL SECURITY`),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Error);
  });

  if (backend === 'postgres') {
    it('no PostgreSQL as requisições entram como jornada_app e não saem dele (RESET ROLE)', async () => {
      const [a] = tenantIds as [number];
      const who = await withTenant(env.database.app, a, async (tx) => {
        await tx.execute(sql`RESET ROLE`);
        return queryRows<{ u: string; s: string }>(tx, sql`SELECT current_user AS u, session_user AS s`);
      });
      expect(who[0]).toEqual({ u: 'jornada_app', s: 'jornada_app' });
      expect(
        await withTenant(env.database.app, a, async (tx) => {
          await tx.execute(sql`RESET ROLE`);
          await tx.execute(sql`INSERT INTO tenants (nome, plano_id) VALUES ('Intruso', 1)`);
        }).then(
          () => undefined,
          (e: unknown) => e,
        ),
      ).toBeInstanceOf(Error);
      expect(
        await withTenant(env.database.app, a, (tx) => tx.execute(sql`SET ROLE postgres`)).then(
          () => undefined,
          (e: unknown) => e,
        ),
      ).toBeInstanceOf(Error);
    });

    it('um novo início (outro processo) com as paredes em dia não trava tabela: não espera por quem escreve nelas', async () => {
      // A writer holds cargos (ROW EXCLUSIVE, as any INSERT) in an open transaction; re-applying the walls would
      // wait for it (ALTER TABLE / CREATE POLICY want ACCESS EXCLUSIVE) and, beside requests, deadlocked.
      const client = (await (env.database.owner as unknown as { $client: pg.Pool }).$client.connect()) as pg.PoolClient;
      try {
        await client.query('BEGIN');
        await client.query('LOCK TABLE cargos IN ROW EXCLUSIVE MODE');
        const esperando = new Promise<string>((resolve) => setTimeout(() => resolve('esperou pela tabela'), 20_000));
        expect(await Promise.race([ensureDatabaseWalls(env.database.owner).then(() => 'pronto'), esperando])).toBe(
          'pronto',
        );
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    });

    it('um comando preparado (queryRowsPrepared) reusado por outro cliente na mesma conexão só vê as linhas dele', async () => {
      const [a, b] = tenantIds as [number, number];
      const porCliente = async (t: number) =>
        (
          await withTenant(env.database.app, t, (tx) =>
            queryRowsPrepared<{ n: string; de: number | null; ate: number | null }>(
              tx,
              sql`SELECT count(*) AS n, min(tenant_id) AS de, max(tenant_id) AS ate FROM cargos WHERE nome <> ${'-'}`,
            ),
          )
        )[0]!;
      // One after the other: the pool hands back the connection just released, its statement already prepared
      // (and planned generically after five runs) under the other tenant.
      for (let i = 0; i < 14; i++) {
        const t = i % 2 ? a : b;
        const r = await porCliente(t);
        expect(Number(r.n)).toBeGreaterThan(0);
        expect([r.de, r.ate]).toEqual([t, t]);
      }
    });

    it('a conexão guarda o cliente fixado só até o fim da transação que o fixou', async () => {
      const [a, b] = tenantIds as [number, number];
      const pool = (env.database.app as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      try {
        const fixar = (t: number) =>
          `BEGIN; SELECT set_config('role', 'jornada_app', true), jornada_definir_tenant(${t})`;
        const visto = async () =>
          (
            await client.query<{ t: number | null; n: string }>(
              'SELECT jornada_tenant() AS t, count(*) AS n FROM cargos',
            )
          ).rows[0]!;
        await client.query(fixar(a));
        expect(Number((await visto()).t)).toBe(a);
        await client.query('COMMIT');
        // The next transaction on the same connection, not pinned: the row of the last one names nobody.
        await client.query('BEGIN');
        expect(await visto()).toEqual({ t: null, n: '0' });
        await client.query('COMMIT');
        // A pin rolled back leaves nothing either, and the connection can be pinned again.
        await client.query(fixar(b));
        await client.query('ROLLBACK');
        await client.query('BEGIN');
        expect(await visto()).toEqual({ t: null, n: '0' });
        await client.query('COMMIT');
        await client.query(fixar(b));
        expect(Number((await visto()).t)).toBe(b);
        // Nor does a savepoint let the transaction pin a second tenant.
        await client.query('SAVEPOINT s');
        await expect(client.query(`SELECT jornada_definir_tenant(${a})`)).rejects.toThrow(/já foi definido/);
        await client.query('ROLLBACK TO SAVEPOINT s');
        await expect(client.query(`UPDATE pg_temp.jornada_contexto SET tenant_id = ${a}`)).rejects.toThrow();
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    });

    it('uma transação que falha devolve a conexão limpa: nada gravado, sem transação aberta, próximo cliente fixado de novo', async () => {
      const [a, b] = tenantIds as [number, number];
      // Many failures in a row: with a pool of 10, every connection is reused after a failure.
      for (let i = 0; i < 12; i++) {
        const falhou = await withTenant(env.database.app, a, async (tx) => {
          await tx.execute(sql`INSERT INTO cargos (tenant_id, codigo, nome) VALUES (${a}, ${`F${i}`}, 'Some')`);
          throw new Error('caso de uso falhou');
        }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(falhou).toBeInstanceOf(Error);
      }
      const vistos = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          withTenant(env.database.app, i % 2 ? a : b, (tx) =>
            queryRows<{ t: number; aberta: boolean }>(
              tx,
              sql`SELECT jornada_tenant() AS t, (SELECT count(*) FROM cargos WHERE codigo LIKE 'F%' AND nome = 'Some') > 0 AS aberta`,
            ),
          ),
        ),
      );
      expect(vistos.map((r) => r[0])).toEqual(
        Array.from({ length: 12 }, (_, i) => ({ t: i % 2 ? a : b, aberta: false })),
      );
    });
  }
});
