import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client.js';
import { JOB_SCHEMA } from '../db/job-schema.js';
import { withSystem, withTenant } from '../db/tenant-tx.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';
import { PENDENCIAS_QUEUE } from '../db/pendencias-queue.js';
import { API_JOBS } from '../modules/jobs.js';
import { ENVIAR_LINK_REDEFINICAO_QUEUE } from '../modules/login/login.service.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as never;
const EXPIRA = { expireInSeconds: 60 };

describeEachBackend('fila de tarefas (pg-boss)', (backend) => {
  let env: TestEnv;
  let queue: JobQueue;
  const ran: { name: string; data: Record<string, unknown> }[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    env = await createTestEnv(backend, { seed: false });
    queue = await createJobQueue({ sql: env.database.queue, log: silent, mode: 'manual' });
    await queue.work<Record<string, unknown>>(
      'teste-a',
      async (data) => {
        ran.push({ name: 'teste-a', data });
        if (data.encadear) await queue.send('teste-b', { de: data.n });
      },
      EXPIRA,
    );
    await queue.work<Record<string, unknown>>(
      'teste-b',
      async (data) => {
        ran.push({ name: 'teste-b', data });
      },
      EXPIRA,
    );
    await queue.work<Record<string, unknown>>(
      'teste-unico',
      async (data) => {
        ran.push({ name: 'teste-unico', data });
      },
      { policy: 'short', ...EXPIRA },
    );
    await queue.work<Record<string, unknown>>(
      'teste-falha',
      async (data, job) => {
        ran.push({ name: 'teste-falha', data: { ...data, tentativa: job.retryCount, ultima: job.lastAttempt } });
        if (failuresLeft-- > 0) throw new Error('falhou de propósito');
      },
      EXPIRA,
    );
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

  it('acorda na confirmação: a tarefa enfileirada numa transação roda sem esperar a próxima busca', async () => {
    const t = await tenantId();
    // Every fetch of the queue and what it answered: a fetch that found nothing leaves the poller waiting.
    let vazias = 0;
    let aoBuscarVazio: (() => void) | undefined;
    const sqlObservado = {
      async executeSql(text: string, values?: unknown[]) {
        const r = await env.database.queue.executeSql(text, values);
        if (/SKIP LOCKED/i.test(text) && r.rows.length === 0) {
          vazias++;
          aoBuscarVazio?.();
        }
        return r;
      },
    };
    const rodou: unknown[] = [];
    let aoRodar: (() => void) | undefined;
    // Polling every 10 minutes: only the announcement of the commit can start the job within the test.
    const fila = await createJobQueue({
      sql: sqlObservado,
      log: silent,
      mode: 'work',
      listen: env.database.listen,
      pollingIntervalSeconds: 600,
    });
    try {
      const ocioso = new Promise<void>((resolve) => {
        aoBuscarVazio = resolve;
        if (vazias > 0) resolve();
      });
      await fila.work(
        'teste-acordar',
        async (data) => {
          rodou.push(data);
          aoRodar?.();
        },
        EXPIRA,
      );
      await ocioso;
      const executada = new Promise<void>((resolve) => (aoRodar = resolve));
      // Sent in a transaction, the queue itself does not wake its pollers: the commit's announcement must.
      await withTenant(env.database.app, t, (tx) => fila.send('teste-acordar', { n: 1 }, { tx }));
      await executada;
      expect(rodou).toEqual([{ n: 1, tenantId: t }]);
    } finally {
      await fila.stop();
    }
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
        await a.work('teste-concorrente', handler('a'), { concurrency: 3, ...EXPIRA });
        await b.work('teste-concorrente', handler('b'), { concurrency: 3, ...EXPIRA });
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

  if (backend === 'postgres') {
    it('a tarefa de um processo que morreu volta à fila quando outro inicia (e com os vivos olhando); a de um processo vivo fica com ele', async () => {
      type Inicio = { quem: string; id: string; tentativa: number };
      const inicios: Inicio[] = [];
      const portoes = new Map<string, () => void>();
      const pools: pg.Pool[] = [];
      const filas: JobQueue[] = [];
      let encerrando = false;
      /** A process of its own: its pool, its owner session, a handler that holds the job until released. */
      const processo = async (quem: string, recoverySeconds: number) => {
        const pool = new pg.Pool({ connectionString: env.databaseUrl, max: 2 });
        pools.push(pool);
        const fila = await createJobQueue({
          sql: { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) },
          log: silent,
          mode: 'work',
          ownerSession: env.database.queueSession!,
          recoverySeconds,
        });
        filas.push(fila);
        await fila.work(
          'teste-dono',
          async (_data, job) => {
            inicios.push({ quem, id: job.id, tentativa: job.retryCount });
            // Once the test ends (or fails), nothing waits any more: stop() waits for the running jobs.
            if (!encerrando) await new Promise<void>((resolve) => portoes.set(`${quem}:${job.id}`, resolve));
          },
          EXPIRA,
        );
        return fila;
      };
      /** Waits (bounded) until `ok` holds. */
      const ate = async (ok: () => boolean | Promise<boolean>, oQue: string, limiteMs = 15_000) => {
        const limite = Date.now() + limiteMs;
        while (!(await ok())) {
          if (Date.now() > limite) throw new Error(`não aconteceu em ${limiteMs} ms: ${oQue}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const estado = async (id: string) =>
        (await env.database.queue.executeSql(`SELECT state, retry_count FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id]))
          .rows[0] as { state: string; retry_count: number };
      /** The owner of the job "dies": the session holding its lock ends, as a kill -9 ends it. */
      const matarDono = async (id: string) => {
        const [dono] = await queryRows<{ pid: number }>(
          env.database.owner,
          sql`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2
               AND objid = (hashtext(${id}::text)::bigint & 4294967295)::oid`,
        );
        expect(dono).toBeDefined();
        await env.database.owner.execute(sql`SELECT pg_terminate_backend(${dono!.pid}::int)`);
      };
      try {
        // Only their look at start: A and B never look again.
        await processo('A', 3600);
        const id = (await filas[0]!.send('teste-dono', { n: 1 }))!;
        await ate(() => inicios.length === 1, 'A pegou a tarefa');
        expect(inicios).toEqual([{ quem: 'A', id, tentativa: 0 }]);

        // A second process starts while A runs it: A is alive (its session holds the job's lock), nothing is taken.
        await processo('B', 3600);
        expect(await estado(id)).toEqual({ state: 'active', retry_count: 0 });
        expect(inicios).toHaveLength(1);

        // A dies. The next start hands the job out again before it answers: not after the job's expiry.
        await matarDono(id);
        await processo('C', 0.1);
        expect(await estado(id)).not.toEqual({ state: 'active', retry_count: 0 });
        await ate(() => inicios.length === 2, 'a tarefa foi entregue de novo');
        const novo = inicios[1]!;
        expect(novo).toMatchObject({ id, tentativa: 1 });
        expect(['B', 'C']).toContain(novo.quem);
        // C looks every 0.1 s meanwhile: the new owner is alive, its job stays with it.
        expect(inicios).toHaveLength(2);
        portoes.get(`${novo.quem}:${id}`)!();
        await ate(async () => (await estado(id)).state === 'completed', 'a nova execução terminou');
        expect(inicios).toHaveLength(2);

        // A live process's look finds the orphan too, with nobody starting: the owner of a second job dies.
        const outro = (await filas[0]!.send('teste-dono', { n: 2 }))!;
        await ate(() => inicios.length === 3, 'a segunda tarefa foi pega');
        const primeiro = inicios[2]!;
        await matarDono(outro);
        await ate(() => inicios.length === 4, 'a segunda tarefa foi entregue de novo sem novo início');
        expect(inicios[3]).toMatchObject({ id: outro, tentativa: 1 });
        expect(inicios[3]!.quem).not.toBe(primeiro.quem);
        portoes.get(`${inicios[3]!.quem}:${outro}`)!();
        await ate(async () => (await estado(outro)).state === 'completed', 'a segunda tarefa terminou');
      } finally {
        encerrando = true;
        for (const solta of portoes.values()) solta();
        await Promise.all(filas.map((f) => f.stop()));
        await Promise.all(pools.map((p) => p.end()));
      }
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
        await restarted.work<Record<string, unknown>>(
          'teste-orfa',
          async (data) => {
            ran.push({ name: 'teste-orfa', data });
          },
          EXPIRA,
        );
        expect(await restarted.drain()).toBe(1);
      } finally {
        await restarted.stop();
      }
      expect(ran).toEqual([{ name: 'teste-orfa', data: { orfa: true } }]);
    });
  }
});

/**
 * Every kind declares its expiry (decision 0066): the registration keeps it on
 * the queue, so a job gets it however it was enqueued — by `send` without a
 * word about it, or by the database's trigger of the dirty days.
 */
describeEachBackend('prazo de cada tipo de tarefa', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  const prazoDa = async (name: string) =>
    (
      await env.database.queue.executeSql(
        `SELECT EXTRACT(epoch FROM expire_in)::int AS s FROM ${JOB_SCHEMA}.job
          WHERE name = $1 AND state = 'created' ORDER BY created_on DESC LIMIT 1`,
        [name],
      )
    ).rows[0]?.s as number | undefined;

  it('a fila guarda o prazo declarado, e toda tarefa dela o recebe', async () => {
    const { rows } = await env.database.queue.executeSql(`SELECT name, expire_seconds FROM ${JOB_SCHEMA}.queue`);
    const prazos = new Map(
      rows.map((r: { name: string; expire_seconds: number | null }) => [r.name, r.expire_seconds]),
    );
    for (const job of API_JOBS)
      expect([job.name, prazos.get(job.name)]).toEqual([job.name, job.options.expireInSeconds]);

    const mail = API_JOBS.find((j) => j.name === ENVIAR_LINK_REDEFINICAO_QUEUE)!;
    await env.jobs.send(ENVIAR_LINK_REDEFINICAO_QUEUE, { email: 'ninguem@example.com' }, { startAfter: 3600 });
    expect(await prazoDa(ENVIAR_LINK_REDEFINICAO_QUEUE)).toBe(mail.options.expireInSeconds);

    // A dirty day written by the database's trigger path (db/pendencias-queue.ts), not by send.
    const consumidor = API_JOBS.find((j) => j.name === PENDENCIAS_QUEUE)!;
    await env.database.queue.executeSql(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1`, [PENDENCIAS_QUEUE]);
    await env.database.owner.execute(
      sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
          SELECT tenant_id, id, '2024-01-01', '2024-01-01', 'teste' FROM funcionarios ORDER BY id LIMIT 1`,
    );
    expect(await prazoDa(PENDENCIAS_QUEUE)).toBe(consumidor.options.expireInSeconds);
  });
});
