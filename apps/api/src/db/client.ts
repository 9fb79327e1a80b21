import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { ensureTenantPolicies } from './tenant-rls.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';

export type Schema = typeof schema;
/** Both drivers share Drizzle's PostgreSQL surface; services see only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`; Drizzle's shared
 * type cannot say so, hence this one typed door for raw SQL.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, 'migrations');

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string;
  poolSize?: number;
}

/** Opens the database and brings its schema up to date (migrations + RLS). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    await ensureTenantPolicies(db);
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const dataDir = opts.dataDir ?? 'memory://';
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir);
  } else {
    mkdirSync(dataDir, { recursive: true });
    // PGlite has one owner process: a second opener would corrupt the files.
    lock = acquireDataDirLock(dataDir);
    client = new PGlite(join(dataDir, 'pgdata'));
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  await ensureTenantPolicies(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}
