import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/tenant-tx.js';
import { JOB_SCHEMA, sqlWithParams, type JobSql } from '../db/job-schema.js';

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
  /**
   * How long one attempt may stay active before the queue takes it for dead
   * (a process killed mid-job: the job runs again after this on PostgreSQL;
   * on PGlite, at the next start). Default 15 minutes.
   */
  expireInSeconds?: number;
  priority?: number;
}

export interface JobWorkOptions {
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
  work<T extends object>(name: string, handler: JobHandler<T>, opts?: JobWorkOptions): Promise<void>;
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
  /** Seconds between polls of an idle queue (default 1). */
  pollingIntervalSeconds?: number;
}

interface Registered {
  handler: JobHandler<object>;
  concurrency: number;
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
  if (opts.recoverActiveAtStart) {
    await opts.sql.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', start_after = now() WHERE state = 'active'`,
      [],
    );
  }

  const handlers = new Map<string, Registered>();
  const known = new Map((await boss.getQueues()).map((q) => [q.name, q.policy ?? 'standard']));
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, Set<() => void>>();
  let stopping = false;
  let stopped: Promise<void> | undefined;

  /** Creates the queue, or sets its policy when the registration names another one. */
  async function ensureQueue(name: string, policy?: JobWorkOptions['policy']): Promise<void> {
    const current = known.get(name);
    if (current !== undefined && (policy === undefined || policy === current)) return;
    if (current === undefined) {
      try {
        await boss.createQueue(name, { name, policy: policy ?? 'standard' });
      } catch (e) {
        // Another process created it at the same moment.
        if (!(await boss.getQueue(name))) throw e;
      }
    }
    if (policy !== undefined && (await boss.getQueue(name))?.policy !== policy) {
      await boss.updateQueue(name, { name, policy });
    }
    known.set(name, policy ?? current ?? 'standard');
  }

  async function fetch(name: string): Promise<FetchedJob | undefined> {
    const [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
    if (!job) return undefined;
    return { id: job.id, name: job.name, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit };
  }

  async function run(reg: Registered, job: FetchedJob): Promise<void> {
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
    const interval = (opts.pollingIntervalSeconds ?? 1) * 1000;
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
        ...(sendOpts.expireInSeconds !== undefined ? { expireInSeconds: sendOpts.expireInSeconds } : {}),
        ...(sendOpts.priority !== undefined ? { priority: sendOpts.priority } : {}),
      });
      // A job sent outside a transaction is visible now: wake an idle local
      // poller. One sent in a transaction is found by the next poll.
      if (!sendOpts.tx) wake(name);
      return id;
    },

    async work(name, handler, workOpts = {}) {
      if (handlers.has(name)) throw new Error(`Tarefa ${name} registrada duas vezes`);
      await ensureQueue(name, workOpts.policy);
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
        for (const name of wakers.keys()) wake(name);
        await Promise.all(loops);
        await boss.stop({ graceful: true, close: false, wait: true, timeout: 1000 });
      })();
      return stopped;
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
