import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './shared/clock.js';
import type { Mailer } from './shared/mailer.js';
import type { VersionedCache } from './shared/versioned-cache.js';

/** What every service receives: the ports, never globals. */
export interface Deps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  /** Per-process cache of versioned list answers (decision 0006). */
  listCache: VersionedCache;
}
