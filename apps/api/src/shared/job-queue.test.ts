import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client.js';
import { JOB_SCHEMA } from '../db/job-schema.js';
import { withSystem, withTenant } from '../db/tenant-tx.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as never;

describeEachBackend('fila de tarefas (pg-boss)', (backend) => {
  let env: TestEnv;
  let queue: JobQueue;
  const ran: { name: string; data: Record<string, unknown> }[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    env = await createTestEnv(backend, { seed: false });
    queue = await createJobQueue({ sql: env.database.queue, log: silent, mode: 'manual' });
    await queue.work<Record<string, unknown>>('teste-a', async (data) => {
      ran.push({ name: 'teste-a', data });
      if (data.encadear) await queue.send('teste-b', { de: data.n });
    });
    await queue.work<Record<string, unknown>>('teste-b', async (data) => {
      ran.push({ name: 'teste-b', data });
    });
    await queue.work<Record<string, unknown>>(
      'teste-unico',
      async (data) => {
        ran.push({ name: 'teste-unico', data });
      },
      { policy: 'short' },
    );
    await queue.work<Record<string, unknown>>('teste-falha', async (data, job) => {
      ran.push({ name: 'teste-falha', data: { ...data, tentativa: job.retryCount, ultima: job.lastAttempt } });
      if (failuresLeft-- > 0) throw new Error('falhou de propósito');
    });
  });
  afterAll(async () => {
    await queue.stop();
    await env.close();
  });

  const tenantId = async () => {
    const [t] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`INSERT INTO tenants (nome) VALUES ('Fila') RETURNING id`,
    );
    return t!.id;
  };

  it('drain executa o que está na fila, inclusive o que as próprias tarefas enfileiram', async () => {
    ran.length = 0;
    await queue.send('teste-a', { n: 1, encadear: true });
    await queue.send('teste-a', { n: 2 });
    expect(await queue.drain()).toBe(3);
    expect(ran.map((r) => `${r.name}:${JSON.stringify(r.data)}`).sort()).toEqual([
      'teste-a:{"n":1,"encadear":true}',
      'teste-a:{"n":2}',
      'teste-b:{"de":1}',
    ]);
    expect(await queue.drain()).toBe(0);
  });

  it("singletonKey numa fila 'short': uma só tarefa esperando por chave", async () => {
    ran.length = 0;
    const first = await queue.send('teste-unico', { k: 1 }, { singletonKey: 'func-7' });
    const second = await queue.send('teste-unico', { k: 2 }, { singletonKey: 'func-7' });
    const other = await queue.send('teste-unico', { k: 3 }, { singletonKey: 'func-8' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(await queue.drain()).toBe(2);
    expect(ran.map((r) => r.data.k).sort()).toEqual([1, 3]);
    // Once it ran, the key takes a new job again.
    expect(await queue.send('teste-unico', { k: 4 }, { singletonKey: 'func-7' })).toEqual(expect.any(String));
    expect(await queue.drain()).toBe(1);
  });

  it('startAfter: a tarefa agendada para depois não roda antes', async () => {
    ran.length = 0;
    await queue.send('teste-b', { depois: true }, { startAfter: 3600 });
    expect(await queue.drain()).toBe(0);
    expect(ran).toEqual([]);
  });

  it('retryLimit: tenta de novo e avisa a última tentativa; sem tentativas, falha uma vez só', async () => {
    ran.length = 0;
    failuresLeft = 1;
    await queue.send('teste-falha', { r: 1 }, { retryLimit: 1 });
    expect(await queue.drain()).toBe(2);
    expect(ran.map((r) => r.data)).toEqual([
      { r: 1, tentativa: 0, ultima: false },
      { r: 1, tentativa: 1, ultima: true },
    ]);
    ran.length = 0;
    failuresLeft = 5;
    await queue.send('teste-falha', { r: 2 });
    expect(await queue.drain()).toBe(1);
    expect(ran.map((r) => r.data)).toEqual([{ r: 2, tentativa: 0, ultima: true }]);
    failuresLeft = 0;
  });

  it('enviada numa transação: existe se e somente se a transação confirma', async () => {
    ran.length = 0;
    const t = await tenantId();
    await expect(
      withTenant(env.database.app, t, async (tx) => {
        await queue.send('teste-b', { desfeita: true }, { tx });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await withTenant(env.database.app, t, (tx) => queue.send('teste-b', { confirmada: true }, { tx }));
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([{ name: 'teste-b', data: { confirmada: true, tenantId: t } }]);
  });

  it('o banco carimba o cliente da transação: um cliente não enfileira trabalho para outro', async () => {
    ran.length = 0;
    const t = await tenantId();
    await withTenant(env.database.app, t, (tx) => queue.send('teste-b', { tenantId: t + 1000 }, { tx }));
    // The system path (mails, the provider) names the tenant itself.
    await withSystem(env.database.system, (tx) => queue.send('teste-b', { tenantId: 42 }, { tx }));
    expect(await queue.drain()).toBe(2);
    expect(ran.map((r) => r.data.tenantId as number).sort((x, y) => x - y)).toEqual([t, 42].sort((x, y) => x - y));
  });

  if (backend === 'postgres') {
    it('o papel da aplicação só enfileira: não lê nem altera as tarefas', async () => {
      const t = await tenantId();
      await queue.send('teste-b', { segredo: 'de outro cliente' }, { startAfter: 3600 });
      for (const statement of [
        sql.raw(`SELECT data FROM ${JOB_SCHEMA}.job`),
        sql.raw(`UPDATE ${JOB_SCHEMA}.job SET priority = 1`),
        sql.raw(`DELETE FROM ${JOB_SCHEMA}.job`),
        sql.raw(`SELECT * FROM ${JOB_SCHEMA}.archive`),
      ]) {
        await expect(withTenant(env.database.app, t, (tx) => tx.execute(statement))).rejects.toMatchObject({
          cause: { code: '42501' },
        });
      }
    });

    it('dois consumidores (duas conexões, como dois processos) nunca executam a mesma tarefa', async () => {
      const other = new pg.Pool({ connectionString: env.databaseUrl, max: 3 });
      const total = 120;
      const seen = new Map<number, number>();
      const by = { a: 0, b: 0 };
      let finished!: () => void;
      const allDone = new Promise<void>((resolve) => (finished = resolve));
      const handler = (who: 'a' | 'b') => async (data: { i: number }) => {
        seen.set(data.i, (seen.get(data.i) ?? 0) + 1);
        by[who]++;
        // Yield so the other consumer's fetches interleave with this one's.
        await new Promise((r) => setImmediate(r));
        if ([...seen.values()].reduce((a, b) => a + b, 0) >= total) finished();
      };
      const a = await createJobQueue({ sql: env.database.queue, log: silent, mode: 'work' });
      const b = await createJobQueue({
        sql: { executeSql: (text, values) => other.query(text, values as unknown[] | undefined) },
        log: silent,
        mode: 'work',
      });
      try {
        await a.work('teste-concorrente', handler('a'), { concurrency: 3 });
        await b.work('teste-concorrente', handler('b'), { concurrency: 3 });
        await Promise.all(Array.from({ length: total }, (_, i) => a.send('teste-concorrente', { i })));
        await allDone;
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await other.end();
      }
      expect(seen.size).toBe(total);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      expect(by.a + by.b).toBe(total);
    });
  }

  if (backend === 'pglite') {
    it('no PGlite, uma tarefa que ficou ativa (processo morto) volta à fila ao iniciar', async () => {
      ran.length = 0;
      await queue.send('teste-orfa', { orfa: true });
      // A fetch without completion: what a process killed mid-job leaves behind.
      await env.database.queue.executeSql(
        `UPDATE ${JOB_SCHEMA}.job SET state = 'active', started_on = now() WHERE name = 'teste-orfa'`,
      );
      expect(await queue.drain()).toBe(0);
      const restarted = await createJobQueue({
        sql: env.database.queue,
        log: silent,
        mode: 'manual',
        recoverActiveAtStart: true,
      });
      try {
        await restarted.work<Record<string, unknown>>('teste-orfa', async (data) => {
          ran.push({ name: 'teste-orfa', data });
        });
        expect(await restarted.drain()).toBe(1);
      } finally {
        await restarted.stop();
      }
      expect(ran).toEqual([{ name: 'teste-orfa', data: { orfa: true } }]);
    });
  }
});
