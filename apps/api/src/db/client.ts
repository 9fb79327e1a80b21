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
import { APP_ROLE, SYSTEM_ROLE, ensureDatabaseWalls } from './tenant-rls.js';
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

/**
 * The open database, by the role each connection runs as (db/tenant-rls.ts):
 * `app` for tenant requests, `system` for the narrow system path, `owner` for
 * migrations, the demo seed and tests. On PGlite the three are one superuser
 * connection and the roles are taken per transaction.
 */
export interface Database {
  readonly owner: Db;
  readonly app: Db;
  readonly system: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, 'migrations');

export interface OpenOptions {
  /** PostgreSQL URL of the owner; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Password of the login roles, when the server asks for one (README). */
  rolePassword?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string;
  poolSize?: number;
}

/** The same server and database, logged in as another role. */
function urlAs(ownerUrl: string, role: string, password: string | undefined): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password ?? '';
  return url.toString();
}

/** Opens the database and brings its schema and walls up to date. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const ownerPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    const owner = drizzlePg(ownerPool, { schema }) as unknown as Db;
    try {
      await migratePg(drizzlePg(ownerPool, { schema }), { migrationsFolder });
      await ensureDatabaseWalls(owner, { rolePassword: opts.rolePassword });
    } catch (e) {
      await ownerPool.end();
      throw e;
    }
    const appPool = new pg.Pool({
      connectionString: urlAs(opts.databaseUrl, APP_ROLE, opts.rolePassword),
      max: opts.poolSize ?? 10,
    });
    const systemPool = new pg.Pool({
      connectionString: urlAs(opts.databaseUrl, SYSTEM_ROLE, opts.rolePassword),
      max: Math.max(2, Math.ceil((opts.poolSize ?? 10) / 4)),
    });
    return {
      owner,
      app: drizzlePg(appPool, { schema }) as unknown as Db,
      system: drizzlePg(systemPool, { schema }) as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([appPool.end(), systemPool.end(), ownerPool.end()]);
      },
    };
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
  await ensureDatabaseWalls(db);
  let closing: Promise<void> | undefined;
  return {
    owner: db,
    app: db,
    system: db,
    kind: 'pglite',
    // Idempotent: a second signal during shutdown must not close twice.
    close: () =>
      (closing ??= (async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      })()),
  };
}
