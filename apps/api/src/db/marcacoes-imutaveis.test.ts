import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cnpjs, marcacoes } from './schema/index.js';
import { withTenant } from './tenant-tx.js';
import { queryRows } from './client.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';

/** Issue 11 §1: original punches are append-only, refused by the database itself for every role. */
describeEachBackend('marcações originais (somente inserção)', (backend) => {
  let env: TestEnv;
  let id: number;
  let tenantId: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    const [cnpj] = await env.database.owner.select().from(cnpjs).limit(1);
    tenantId = cnpj!.tenantId;
    const [row] = await env.database.owner
      .insert(marcacoes)
      .values({
        tenantId,
        cnpjId: cnpj!.id,
        origem: 'R',
        relogio: '00004000000000001',
        nsr: 1,
        dataHora: '2026-10-01 08:00:00',
        fuso: 'America/Sao_Paulo',
        identificador: '12345678901',
      })
      .returning({ id: marcacoes.id });
    id = row!.id;
  });
  afterAll(() => env.close());

  /** Drizzle wraps the driver's error: the database's own message is in `cause`. */
  const motivo = (p: Promise<unknown>) =>
    p.then(
      () => 'gravou',
      (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
    );
  const original = async () => (await env.database.owner.select().from(marcacoes).where(eq(marcacoes.id, id)))[0];

  it('o dono do banco (superusuário no PGlite) não altera nem exclui', async () => {
    expect(
      await motivo(
        env.database.owner.update(marcacoes).set({ dataHora: '2026-10-01 09:00:00' }).where(eq(marcacoes.id, id)),
      ),
    ).toMatch(/não podem ser alteradas/);
    expect(await motivo(env.database.owner.delete(marcacoes).where(eq(marcacoes.id, id)))).toMatch(
      /não podem ser alteradas/,
    );
    expect((await original())?.dataHora).toBe('2026-10-01 08:00:00');
  });

  it('o papel da aplicação também não', async () => {
    expect(
      await motivo(
        withTenant(env.database.owner, tenantId, (tx) =>
          tx.execute(sql`UPDATE marcacoes SET nsr = 99 WHERE id = ${id}`),
        ),
      ),
    ).toMatch(/permission denied|permissão negada|não podem ser alteradas/);
    expect(
      await motivo(
        withTenant(env.database.owner, tenantId, (tx) => tx.execute(sql`DELETE FROM marcacoes WHERE id = ${id}`)),
      ),
    ).toMatch(/permission denied|permissão negada|não podem ser alteradas/);
    expect((await original())?.nsr).toBe(1);
  });

  it('a mesma marcação (relógio, NSR, data-hora, identificador) é gravada uma vez só', async () => {
    const again = await queryRows<{ id: number }>(
      env.database.owner,
      sql`INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador)
          SELECT tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador FROM marcacoes WHERE id = ${id}
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    expect(again).toEqual([]);
  });
});
