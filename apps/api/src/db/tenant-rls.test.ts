import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cargos, tenants } from './schema/index.js';
import { queryRows } from './client.js';
import { withTenant } from './tenant-tx.js';
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
    const rows = await queryRows<{ table_name: string; rls: boolean; policy: string | null }>(
      env.database.owner,
      sql`SELECT c.table_name, cl.relrowsecurity AS rls, p.policyname AS policy
            FROM information_schema.columns c
            JOIN pg_class cl ON cl.relname = c.table_name AND cl.relnamespace = 'public'::regnamespace
            LEFT JOIN pg_policies p ON p.tablename = c.table_name AND p.policyname = 'tenant_isolation'
           WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => !r.rls || !r.policy)).toEqual([]);
  });

  it('sem tenant definido, o papel da aplicação não vê nada', async () => {
    const rows = await env.database.owner.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('role', 'jornada_app', true)`);
      return tx.select().from(cargos);
    });
    expect(rows).toEqual([]);
  });
});
