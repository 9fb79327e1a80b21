import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { BackgroundTasks } from './shared/background-tasks.js';
import type { AtividadeHttp } from './shared/atividade-http.js';
import type { Clock } from './shared/clock.js';
import type { CpuPool } from './shared/cpu-pool.js';
import type { FileStorage } from './shared/file-storage.js';
import type { JobQueue } from './shared/job-queue.js';
import type { Mailer } from './shared/mailer.js';
import type { Mudancas } from './shared/mudancas.js';
import type { VersionedCache } from './shared/versioned-cache.js';

/** What every service receives: the ports, never globals. */
export interface Deps {
  /** Tenant requests: only through withTenant (db/tenant-tx.ts). */
  db: Db;
  /**
   * The narrow system path (login, sessions, mail, the provider's area): sees
   * every tenant, so only the modules the lint rule allows may use it.
   */
  systemDb: Db;
  clock: Clock;
  mailer: Mailer;
  /** Work started by a request and finished after its answer. */
  tasks: BackgroundTasks;
  /** The job queue (pg-boss; decision 0041): `send` in a use case's transaction, handlers in `modules/jobs.ts`. */
  jobs: JobQueue;
  /** Produced and uploaded files, with signed expiring links (decision 0042). */
  storage: FileStorage;
  /**
   * Worker threads for the calculation's engine (jobs): background work, at a low OS priority and with a small
   * young generation (decision 0089).
   */
  cpu: CpuPool;
  /** Worker threads for documents a user waits for (PDF rendering), at the process's own priority. */
  cpuDocumentos: CpuPool;
  /** How busy this process's HTTP side is: background batches size their steps by it (decision 0089). */
  http: AtividadeHttp;
  config: Config;
  log: FastifyBaseLogger;
  /** Per-process cache of versioned list answers (decision 0006). */
  listCache: VersionedCache;
  /** Long-poll followers of document requests (decision 0080). */
  solicitacoesMudando: Mudancas;
}
