import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/tenant-tx.js';
import {
  JOB_SCHEMA,
  JOB_WAKE_CHANNEL,
  sqlWithParams,
  type JobSession,
  type JobSql,
  type Listen,
} from '../db/job-schema.js';

/**
 * The job queue (issue 11 §3; decision 0041): pg-boss 10 on the same
 * database, schema `pgboss`. On PGlite the server runs every job in-process
 * through the one connection; on PostgreSQL the server and any number of
 * `npm run worker` processes take jobs with `FOR UPDATE SKIP LOCKED`, so a
 * job runs in one of them only.
 *
 * Job data always carries `tenantId`: a job sent from a tenant transaction is
 * stamped with that transaction's tenant by the database (the walls), so a
 * handler may trust it.
 *
 * Crashes (decision 0066): on PostgreSQL each process marks the jobs it runs
 * with an advisory lock of its own session (`ownerSession`); a job still
 * 'active' whose mark is free belongs to a process that died, and the next
 * process to start (or a live one, every `recoverySeconds`) hands it out
 * again at once instead of waiting for its expiry.
 */
export interface JobSendOptions {
  /**
   * Enqueue inside this transaction: the job exists if and only if the
   * transaction commits (a document request and its job are one fact).
   */
  tx?: Tx;
  /**
   * With the queue's `policy` (JobWorkOptions): 'short' keeps at most one
   * waiting job per key (a second send answers null), 'singleton' at most one
   * running, 'stately' both. Ignored by a 'standard' queue.
   */
  singletonKey?: string;
  /** Further attempts after a failure (default 0: document jobs report ERRO instead). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Not before this instant, or this many seconds from now. */
  startAfter?: Date | number;
  priority?: number;
}

export interface JobWorkOptions {
  /**
   * How long one attempt of this kind may stay active before the queue takes
   * it for hung and retries or fails it, even if its process is alive: the
   * longest a sound run takes, with room. Required, so that no kind falls back
   * on pg-boss's 15 minutes unnoticed; kept on the queue, so every job of the
   * kind gets it, those the database enqueues too. A process that died does
   * not wait for it: its jobs are handed out again by the next start
   * (decision 0066).
   */
  expireInSeconds: number;
  /** Jobs of this queue run at the same time in one process (default 1). */
  concurrency?: number;
  /** How `singletonKey` limits the queue (pg-boss queue policy; default 'standard': no limit). */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True when a failure now would be final (no attempt left). */
  lastAttempt: boolean;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobQueue {
  /** Enqueues; answers the job id, or null when a singleton of that key is already queued. */
  send<T extends object>(name: string, data: T, opts?: JobSendOptions): Promise<string | null>;
  /**
   * Registers the handler of a queue (creating the queue with its policy); in
   * `work` mode it starts taking jobs, in `send-only` mode it only declares
   * the queue.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, opts: JobWorkOptions): Promise<void>;
  /**
   * Runs, in this process and one at a time, every due job of the queues
   * registered here, including those the jobs themselves send, until none is
   * left; answers how many ran. Tests call it to finish queued work
   * deterministically.
   */
  drain(): Promise<number>;
  /** Stops taking jobs and waits for the running ones (shutdown). Idempotent. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  sql: JobSql;
  log: FastifyBaseLogger;
  /**
   * `work`: poll the registered queues (servers and workers); `manual`: only
   * `drain()` runs jobs (tests); `send-only`: enqueue, never run (a server
   * whose jobs run in `npm run worker`).
   */
  mode: 'work' | 'manual' | 'send-only';
  /**
   * PGlite has one owner process: a job still 'active' at start belongs to a
   * process that died (kill -9) and is handed out again at once.
   */
  recoverActiveAtStart?: boolean;
  /**
   * PostgreSQL (decision 0066): opens a connection of this process's own, not
   * a pooled one. Every job this queue takes is marked there, in the same
   * transaction that takes it, with a session advisory lock on its id, held
   * until the job is completed or failed; the lock goes with the connection,
   * so with the process. In `work` mode the queue then hands out again, at
   * start and every `recoverySeconds`, every active job whose lock is free.
   * Every process of one database must mark its jobs: an unmarked active job
   * counts as orphaned.
   */
  ownerSession?: () => Promise<JobSession>;
  /** Seconds between two looks for orphaned jobs while working (default 10; with `ownerSession`). */
  recoverySeconds?: number;
  /**
   * Wake, don't poll (issue 26 §1): in `work` mode the queue listens on the
   * job table's channel (db/job-schema.ts) and an idle poller of the named
   * queue fetches at once, whatever process or transaction enqueued. Polling
   * stays, as the fallback for an announcement lost while the listening
   * connection was down.
   */
  listen?: Listen;
  /** Seconds between polls of an idle queue (default 1; 5 when `listen` wakes it). */
  pollingIntervalSeconds?: number;
}

/** The class of the owner locks (with hashtext of the job's id as the second key; decision 0066). */
const OWNER_LOCK_KEY = `hashtext('jornada.tarefas')`;

/**
 * Hands out again the jobs left 'active' by a process that is gone; answers
 * them. With `comDono`, only those whose owner lock nobody holds (a live
 * process keeps its own), else every one (PGlite at start: one process).
 *
 * The active jobs are read first (materialised), so a lock is tried for them
 * only; the lock taken is the transaction's, released at its end. A job the
 * owner completes meanwhile is not touched: the UPDATE re-reads a row changed
 * since its snapshot and `state = 'active'` then fails. A 'stately' queue
 * keeps one retry per key: when one is already waiting, the orphan is failed
 * instead (the waiting one does the work), as pg-boss's expiry does.
 */
export function recuperarOrfasSql(comDono: boolean): string {
  const q = JOB_SCHEMA;
  return `
WITH ativas AS MATERIALIZED (
  SELECT name, id FROM ${q}.job WHERE state = 'active'
), orfas AS MATERIALIZED (
  SELECT name, id FROM ativas
   ${comDono ? `WHERE pg_try_advisory_xact_lock(${OWNER_LOCK_KEY}, hashtext(id::text))` : ''}
), destino AS (
  SELECT o.name, o.id,
         CASE WHEN j.policy = 'stately' AND EXISTS (
                SELECT 1 FROM ${q}.job w
                 WHERE w.name = j.name AND w.state = 'retry' AND w.policy = 'stately'
                   AND COALESCE(w.singleton_key, '') = COALESCE(j.singleton_key, ''))
              THEN 'failed' ELSE 'retry' END AS estado
    FROM orfas o JOIN ${q}.job j ON j.name = o.name AND j.id = o.id
)
UPDATE ${q}.job j SET
  state = d.estado::${q}.job_state,
  start_after = now(),
  completed_on = CASE WHEN d.estado = 'failed' THEN now() END,
  output = CASE WHEN d.estado = 'failed' THEN '{"value":{"message":"processo encerrado"}}'::jsonb ELSE j.output END
FROM destino d
WHERE j.name = d.name AND j.id = d.id AND j.state = 'active'
RETURNING j.name, j.id, j.state`;
}

interface Registered {
  handler: JobHandler<object>;
  concurrency: number;
}

interface QueueSettings {
  policy: NonNullable<JobWorkOptions['policy']>;
  expireInSeconds: number | null;
}

interface FetchedJob {
  id: string;
  name: string;
  data: object;
  retryCount: number;
  retryLimit: number;
}

export async function createJobQueue(opts: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: opts.sql,
    schema: JOB_SCHEMA,
    // The schema is created with the walls (db/job-schema.ts), by the owner.
    migrate: false,
    // Maintenance (expiry, archive, retention) only where jobs run.
    supervise: opts.mode === 'work',
    schedule: false,
    retryLimit: 0,
  });
  boss.on('error', (err: Error) => opts.log.error({ err: { message: err.message } }, 'Fila de tarefas: erro'));
  await boss.start();
  const owner = opts.ownerSession ? ownerLocks(opts.ownerSession, opts.log) : undefined;

  /** Orphans back to the queue (see recuperarOrfasSql); a failure is logged and left to the next look. */
  async function recoverOrphans(comDono: boolean): Promise<void> {
    try {
      const { rows } = await opts.sql.executeSql(recuperarOrfasSql(comDono), []);
      if (rows.length > 0) {
        opts.log.warn(
          { tarefas: rows.map((r: { name: string; id: string; state: string }) => `${r.name} ${r.id} → ${r.state}`) },
          'Fila de tarefas: tarefas de um processo encerrado voltam à fila',
        );
      }
    } catch (e) {
      opts.log.warn({ err: { message: (e as Error).message } }, 'Fila de tarefas: recuperação de órfãs falhou');
    }
  }
  if (opts.recoverActiveAtStart) await recoverOrphans(false);
  else if (owner && opts.mode === 'work') await recoverOrphans(true);

  const handlers = new Map<string, Registered>();
  const known = new Map<string, QueueSettings>(
    (await boss.getQueues()).map((q) => [
      q.name,
      { policy: (q.policy ?? 'standard') as QueueSettings['policy'], expireInSeconds: q.expireInSeconds ?? null },
    ]),
  );
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, Set<() => void>>();
  let stopping = false;
  let stopped: Promise<void> | undefined;

  /**
   * Creates the queue, or sets the policy and the expiry its registration
   * declares (`send` only creates a missing queue with pg-boss's defaults).
   */
  async function ensureQueue(name: string, wanted?: JobWorkOptions): Promise<void> {
    const current = known.get(name);
    const policy = wanted?.policy ?? 'standard';
    const expireInSeconds = wanted?.expireInSeconds ?? null;
    if (current !== undefined) {
      if (!wanted || (current.policy === policy && current.expireInSeconds === expireInSeconds)) return;
    } else {
      try {
        await boss.createQueue(name, { name, policy, ...(expireInSeconds ? { expireInSeconds } : {}) });
      } catch (e) {
        // Another process created it at the same moment.
        if (!(await boss.getQueue(name))) throw e;
      }
    }
    if (wanted) {
      const now = await boss.getQueue(name);
      if (now?.policy !== policy || (now.expireInSeconds ?? null) !== expireInSeconds) {
        // pg-boss's update sets the policy to 'standard' unless it is named.
        await boss.updateQueue(name, { name, policy, ...(expireInSeconds ? { expireInSeconds } : {}) });
      }
    }
    known.set(name, current && !wanted ? current : { policy, expireInSeconds });
  }

  async function fetch(name: string): Promise<FetchedJob | undefined> {
    const job = owner
      ? // pg-boss 10's fetch takes a `db` (manager.js), as send does; its types leave it out.
        await owner.take((db) => boss.fetch<object>(name, { batchSize: 1, includeMetadata: true, db } as never))
      : (await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true }))[0];
    if (!job) return undefined;
    return { id: job.id, name: job.name, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit };
  }

  async function run(reg: Registered, job: FetchedJob): Promise<void> {
    try {
      await runHandler(reg, job);
    } finally {
      // After the completion (or failure) committed: a job no longer active needs no owner.
      await owner?.release(job.id);
    }
  }

  async function runHandler(reg: Registered, job: FetchedJob): Promise<void> {
    const info: JobInfo = {
      id: job.id,
      name: job.name,
      retryCount: job.retryCount,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    try {
      await reg.handler(job.data, info);
      await boss.complete(job.name, job.id);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      opts.log.error(
        { err: { name: e.name, message: e.message, stack: e.stack }, tarefa: job.name, id: job.id },
        'Tarefa falhou',
      );
      await boss.fail(job.name, job.id, { message: e.message });
    }
  }

  function poll(name: string, reg: Registered): Promise<void> {
    const interval = (opts.pollingIntervalSeconds ?? (opts.listen ? 5 : 1)) * 1000;
    return (async () => {
      while (!stopping) {
        let job: FetchedJob | undefined;
        try {
          job = await fetch(name);
        } catch (e) {
          if (stopping) return;
          opts.log.warn({ err: { message: (e as Error).message }, tarefa: name }, 'Fila de tarefas: busca falhou');
        }
        if (job) {
          await run(reg, job);
          continue;
        }
        await new Promise<void>((resolve) => {
          const set = wakers.get(name) ?? new Set();
          wakers.set(name, set);
          const wake = () => {
            clearTimeout(timer);
            set.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, interval);
          set.add(wake);
        });
      }
    })();
  }

  const wake = (name: string) => {
    for (const w of [...(wakers.get(name) ?? [])]) w();
  };

  let unlisten: (() => Promise<void>) | undefined;
  if (opts.listen && opts.mode === 'work') {
    try {
      unlisten = await opts.listen(JOB_WAKE_CHANNEL, (name) => wake(name));
    } catch (e) {
      opts.log.warn({ err: { message: (e as Error).message } }, 'Fila de tarefas: sem aviso de novas tarefas');
    }
  }

  // A worker that died while the others live: its jobs are handed out again by the next look, not at expiry.
  if (owner && opts.mode === 'work') {
    const every = (opts.recoverySeconds ?? 10) * 1000;
    loops.push(
      (async () => {
        while (!stopping) {
          await new Promise<void>((resolve) => {
            const set = wakers.get(RECUPERACAO) ?? new Set();
            wakers.set(RECUPERACAO, set);
            const done = () => {
              clearTimeout(timer);
              set.delete(done);
              resolve();
            };
            const timer = setTimeout(done, every);
            set.add(done);
          });
          if (!stopping) await recoverOrphans(true);
        }
      })(),
    );
  }

  return {
    async send(name, data, sendOpts = {}) {
      await ensureQueue(name);
      const startAfter = sendOpts.startAfter;
      const id = await boss.send(name, data, {
        ...(sendOpts.tx ? { db: txSql(sendOpts.tx) } : {}),
        ...(sendOpts.singletonKey !== undefined ? { singletonKey: sendOpts.singletonKey } : {}),
        retryLimit: sendOpts.retryLimit ?? 0,
        ...(sendOpts.retryDelaySeconds !== undefined ? { retryDelay: sendOpts.retryDelaySeconds } : {}),
        ...(startAfter !== undefined ? { startAfter: startAfter instanceof Date ? startAfter : startAfter } : {}),
        ...(sendOpts.priority !== undefined ? { priority: sendOpts.priority } : {}),
      });
      // A job sent outside a transaction is visible now: wake an idle local
      // poller. One sent in a transaction is found by the next poll.
      if (!sendOpts.tx) wake(name);
      return id;
    },

    async work(name, handler, workOpts) {
      if (handlers.has(name)) throw new Error(`Tarefa ${name} registrada duas vezes`);
      await ensureQueue(name, workOpts);
      const reg: Registered = { handler: handler as JobHandler<object>, concurrency: workOpts.concurrency ?? 1 };
      handlers.set(name, reg);
      if (opts.mode !== 'work' || stopping) return;
      for (let i = 0; i < reg.concurrency; i++) loops.push(poll(name, reg));
    },

    async drain() {
      let ran = 0;
      for (;;) {
        let round = 0;
        for (const [name, reg] of handlers) {
          for (let job = await fetch(name); job; job = await fetch(name)) {
            await run(reg, job);
            round++;
          }
        }
        if (round === 0) return ran;
        ran += round;
      }
    },

    stop() {
      stopped ??= (async () => {
        stopping = true;
        await unlisten?.();
        for (const name of wakers.keys()) wake(name);
        await Promise.all(loops);
        await boss.stop({ graceful: true, close: false, wait: true, timeout: 1000 });
        await owner?.close();
      })();
      return stopped;
    },
  };
}

/** The waker key of the orphan look (no queue is named so: pg-boss names are [A-Za-z0-9_.-/]). */
const RECUPERACAO = ' recuperação';

/**
 * The owner marks of one process (decision 0066), on its own session: one
 * statement at a time (a take is a transaction). The session is opened at
 * the first take, and again after it broke (its locks went with it: the jobs
 * still running here may then be handed out by the next look elsewhere —
 * but a lost connection to the database fails them here as well).
 */
function ownerLocks(open: () => Promise<JobSession>, log: FastifyBaseLogger) {
  let session: Promise<JobSession> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** Which session marked each job this process runs. */
  const marked = new Map<string, Promise<JobSession>>();
  const exclusive = <T>(fn: (s: JobSession, current: Promise<JobSession>) => Promise<T>): Promise<T> => {
    const next = queue.then(async () => {
      const current = (session ??= open());
      let s: JobSession;
      try {
        s = await current;
      } catch (e) {
        if (session === current) session = undefined;
        throw e;
      }
      try {
        return await fn(s, current);
      } catch (e) {
        // A broken session is dropped (and closed): the next call opens another.
        if (session === current) session = undefined;
        await s.close().catch(() => undefined);
        throw e;
      }
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    /** Runs pg-boss's fetch in a transaction of the session that also takes the job's lock. */
    take<J extends { id: string }>(fetch: (db: JobSql) => Promise<J[]>): Promise<J | undefined> {
      return exclusive(async (s, current) => {
        await s.executeSql('BEGIN');
        const [job] = await fetch(s);
        if (job) {
          const { rows } = await s.executeSql(`SELECT pg_try_advisory_lock(${OWNER_LOCK_KEY}, hashtext($1)) AS ok`, [
            job.id,
          ]);
          // Held by a look at orphans this very moment (or, by a hash collision, by another job's owner): the
          // job goes back untaken and is fetched again by the next poll, never run without its mark.
          if (!rows[0]?.ok) {
            await s.executeSql('ROLLBACK');
            return undefined;
          }
        }
        // A failed fetch (pg-boss answers none) aborted the transaction: COMMIT then rolls it back.
        await s.executeSql('COMMIT');
        if (job) marked.set(job.id, current);
        return job;
      });
    },
    async release(id: string): Promise<void> {
      const by = marked.get(id);
      marked.delete(id);
      if (!by || by !== session) return;
      try {
        await exclusive((s) => s.executeSql(`SELECT pg_advisory_unlock(${OWNER_LOCK_KEY}, hashtext($1))`, [id]));
      } catch (e) {
        log.warn({ err: { message: (e as Error).message } }, 'Fila de tarefas: marca de dono não foi liberada');
      }
    },
    async close(): Promise<void> {
      await queue;
      const current = session;
      session = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}

/** pg-boss's statements run in the caller's transaction (its role, its tenant). */
function txSql(tx: Tx): JobSql {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(sqlWithParams(text, values ?? []))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
