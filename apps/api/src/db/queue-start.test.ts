import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from './client.js';
import { PENDENCIAS_QUEUE, installPendenciasQueue } from './pendencias-queue.js';
import { JOB_SCHEMA, ensureJobSchema } from './job-schema.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';

/**
 * The job queue's start steps (ensureJobSchema, installPendenciasQueue) run at
 * every process start, beside processes that are taking jobs and writing
 * dirty days: with everything in place they change nothing (no DDL, no
 * lock on the queue's tables); anything undone by hand is put back.
 */
describeEachBackend('início da fila de tarefas', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  const iniciar = async () => {
    await ensureJobSchema(env.database.queue);
    await installPendenciasQueue(env.database.queue);
  };
  const um = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(env.database.owner, query))[0]!;

  it('o que foi desfeito à mão (gatilho, permissão a mais, gatilho das pendências) volta no próximo início', async () => {
    const estado = () =>
      um<{ carimbo: boolean; app_le: boolean; pendencias: number }>(
        sql.raw(`SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = '${JOB_SCHEMA}.job'::regclass
                                 AND tgname = 'jornada_tarefa_do_cliente') AS carimbo,
                        has_table_privilege('jornada_app', '${JOB_SCHEMA}.job', 'SELECT') AS app_le,
                        (SELECT count(*)::int FROM pg_trigger WHERE tgrelid = 'calculo_pendencias'::regclass
                            AND NOT tgisinternal) AS pendencias`),
      );
    expect(await estado()).toEqual({ carimbo: true, app_le: false, pendencias: 2 });
    await env.database.owner.execute(sql.raw(`DROP TRIGGER jornada_tarefa_do_cliente ON ${JOB_SCHEMA}.job`));
    await env.database.owner.execute(sql.raw(`GRANT SELECT ON ${JOB_SCHEMA}.job TO jornada_app`));
    await env.database.owner.execute(sql`DROP TRIGGER calculo_pendencias_enfileirar ON calculo_pendencias`);
    expect(await estado()).toEqual({ carimbo: false, app_le: true, pendencias: 1 });
    await iniciar();
    expect(await estado()).toEqual({ carimbo: true, app_le: false, pendencias: 2 });
  });

  it('uma fila nova (partição nova do pg-boss) não faz o próximo início refazer os muros da fila', async () => {
    const assinatura = () =>
      um<{ c: string }>(sql.raw(`SELECT obj_description('${JOB_SCHEMA}'::regnamespace, 'pg_namespace') AS c`));
    const antes = await assinatura();
    await env.jobs.send('fila-nova-do-teste', {});
    await iniciar();
    expect(await assinatura()).toEqual(antes);
  });

  if (backend === 'postgres') {
    // Connections of their own (the owner's pool has two, and the test uses it meanwhile).
    const conexao = async () => {
      const c = new pg.Client({ connectionString: env.databaseUrl });
      await c.connect();
      return c;
    };

    it('com tudo em dia, um novo início não espera por quem escreve na fila nem nas pendências', async () => {
      // A job being taken (ROW EXCLUSIVE on the job table) and an import marking dirty days, both open.
      const fila = await conexao();
      const pendencias = await conexao();
      try {
        await fila.query('BEGIN');
        await fila.query(`LOCK TABLE ${JOB_SCHEMA}.job IN ROW EXCLUSIVE MODE`);
        await pendencias.query('BEGIN');
        await pendencias.query('LOCK TABLE calculo_pendencias IN ROW EXCLUSIVE MODE');
        const esperando = new Promise<string>((resolve) => setTimeout(() => resolve('esperou'), 20_000));
        expect(await Promise.race([iniciar().then(() => 'pronto'), esperando])).toBe('pronto');
      } finally {
        await fila.query('ROLLBACK');
        await pendencias.query('ROLLBACK');
        await fila.end();
        await pendencias.end();
      }
    });

    it('quando os muros da fila mudam, refazê-los ao lado de quem lê a fila não dá deadlock', async () => {
      // Another process is reading the queue: it holds the job table and goes on to a partition next.
      const leitor = await conexao();
      const vigia = await conexao();
      let refeitos: Promise<unknown> | undefined;
      try {
        await leitor.query('BEGIN');
        await leitor.query(`LOCK TABLE ONLY ${JOB_SCHEMA}.job IN ACCESS SHARE MODE`);
        // As after an upgrade: the signature no longer matches, so this start re-applies the walls.
        await env.database.owner.execute(sql.raw(`COMMENT ON SCHEMA ${JOB_SCHEMA} IS NULL`));
        refeitos = ensureJobSchema(env.database.queue).then(
          () => 'pronto',
          (e: Error) => e.message,
        );
        // The start waits for the reader's lock on the job table…
        for (let i = 0; ; i++) {
          const { rows } = await vigia.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks
              WHERE relation = '${JOB_SCHEMA}.job'::regclass AND mode = 'AccessExclusiveLock' AND NOT granted`,
          );
          if (rows[0]!.n > 0) break;
          if (i > 400) throw new Error('o início não chegou a esperar pela tabela de tarefas');
          await new Promise((r) => setTimeout(r, 25));
        }
        // …holding nothing the reader needs next: the reader's query on a partition answers (a deadlock
        // would abort it, or the start, after deadlock_timeout).
        await leitor.query(`SELECT count(*) FROM ${JOB_SCHEMA}.job WHERE name = $1`, [PENDENCIAS_QUEUE]);
        await leitor.query('COMMIT');
        expect(await refeitos).toBe('pronto');
      } finally {
        await leitor.query('ROLLBACK');
        await leitor.end();
        await vigia.end();
        await refeitos;
      }
    });
  }
});
