import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { BackgroundTasks } from './shared/background-tasks.js';
import type { Clock } from './shared/clock.js';
import type { Mailer } from './shared/mailer.js';
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
  config: Config;
  log: FastifyBaseLogger;
  /** Per-process cache of versioned list answers (decision 0006). */
  listCache: VersionedCache;
}
