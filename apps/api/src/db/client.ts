import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { APP_ROLE, SYSTEM_ROLE, ensureDatabaseWalls } from './tenant-rls.js';
import { ensureReferenceData } from './reference-data.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { ensureJobSchema, type JobSession, type JobSql, type Listen } from './job-schema.js';
import { installPendenciasQueue } from './pendencias-queue.js';
import { installDiasEncerradosQueue } from './dias-em-aberto.js';
import { installPeriodoFechadoCongelado } from './periodo-fechado.js';

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
 * `queryRows` as a named prepared statement: PostgreSQL parses it once per
 * connection and may keep its plan, where an unnamed one is planned at every
 * call. Only for the hot queries of every request whose text never changes
 * for a name (the session and the user's scope): a name must always carry the
 * same text. PGlite ignores the name.
 */
export async function queryRowsNamed<T>(db: Pick<Db, 'execute'>, name: string, query: SQL): Promise<T[]> {
  const d = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = d.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `queryRows` as a prepared statement named after its own text, for hot
 * queries whose text varies with the request's shape (the employee list: its
 * filters, the user's scope lists): each shape is parsed and planned once per
 * connection. Planning the list's page (seven tables under row-level
 * security) cost more than running it — 1.3 of 2.1 ms on PostgreSQL. Only
 * for queries with a small number of shapes: a connection keeps every
 * statement it prepared until it closes.
 */
export async function queryRowsPrepared<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const d = db as unknown as { dialect: PgDialect; session: PgSession };
  const q = d.dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 24)}`;
  const result = (await d.session.prepareQuery(q, undefined, name, false).execute()) as unknown as { rows: T[] };
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
  /**
   * The job queue's own connection (shared/job-queue.ts; decision 0041): on
   * PostgreSQL a small pool as the owner, since pg-boss creates a table per
   * queue; on PGlite the one connection.
   */
  readonly queue: JobSql;
  /**
   * PostgreSQL: a new connection as the owner, no pool's, for the advisory
   * locks by which a process marks the jobs it runs (shared/job-queue.ts
   * `ownerSession`; decision 0066). Closed by its user, or at `close()`.
   * Absent on PGlite (one process).
   */
  readonly queueSession?: () => Promise<JobSession>;
  /**
   * LISTEN on a channel (the job queue's wake-up, issue 26 §1): on PostgreSQL
   * a connection of its own per subscription, opened again after it drops
   * (what was announced meanwhile is found by the queue's polling); on PGlite
   * the one connection, whose own commits notify it.
   */
  readonly listen: Listen;
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
  /**
   * A `dumpDataDir()` tarball to start a `memory://` database from: the tests
   * build one migrated (and seeded) database per run and copy it per file,
   * instead of running initdb, the migrations and the seed again each time.
   */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Connections of the job queue's pool on PostgreSQL (default 3). */
  queuePoolSize?: number;
}

/** The same server and database, logged in as another role. */
function urlAs(ownerUrl: string, role: string, password: string | undefined): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password ?? '';
  return url.toString();
}

/**
 * The embedded server's memory (issue 7 §15): PGlite's defaults size it for a
 * machine of its own; one office's data fits small buffers, and the operating
 * system caches the files anyway. With these the process stays well under
 * 400 MB.
 */
const EMBEDDED_CONF = ['shared_buffers=32MB', 'wal_buffers=1MB', 'work_mem=8MB', 'maintenance_work_mem=32MB'];

/**
 * Creates a new embedded cluster (initdb) in a short-lived child process.
 * initdb's own WebAssembly instance grows to ~700 MB and WebAssembly memory
 * never shrinks: in the server's process it stayed for the life of the
 * process (929 MB on a first start); a child gives it all back when it exits.
 */
async function initEmbeddedCluster(pgdata: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const code =
    `const { PGlite } = await import(${JSON.stringify(pglite)});` +
    `const c = new PGlite(${JSON.stringify(pgdata)}); await c.waitReady; await c.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (status) =>
      status === 0
        ? resolve()
        : reject(new Error(`Falha ao criar o banco embutido em ${pgdata} (código ${status}): ${stderr.slice(0, 500)}`)),
    );
  });
}

/** Opens the database and brings its schema and walls up to date. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const ownerPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    const owner = drizzlePg(ownerPool, { schema }) as unknown as Db;
    try {
      await withStartLock(opts.databaseUrl, async () => {
        await migratePg(drizzlePg(ownerPool, { schema }), { migrationsFolder });
        await ensureDatabaseWalls(owner, { rolePassword: opts.rolePassword });
        await installPeriodoFechadoCongelado(poolSql(ownerPool));
        await ensureReferenceData(owner);
        await ensureJobSchema(poolSql(ownerPool));
        await installPendenciasQueue(poolSql(ownerPool));
        await installDiasEncerradosQueue(poolSql(ownerPool));
      });
    } catch (e) {
      await ownerPool.end();
      throw e;
    }
    const queuePool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.queuePoolSize ?? 3 });
    const appPool = new pg.Pool({
      connectionString: urlAs(opts.databaseUrl, APP_ROLE, opts.rolePassword),
      max: opts.poolSize ?? 10,
    });
    const systemPool = new pg.Pool({
      connectionString: urlAs(opts.databaseUrl, SYSTEM_ROLE, opts.rolePassword),
      max: Math.max(2, Math.ceil((opts.poolSize ?? 10) / 4)),
    });
    let closing = false;
    const sessions = new Set<pg.Client>();
    const queueSession = async (): Promise<JobSession> => {
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      // A connection dropped by the server rejects the statement that finds it (the queue opens another);
      // unhandled, the event would kill the process.
      client.on('error', () => undefined);
      await client.connect();
      sessions.add(client);
      return {
        executeSql: (text, values) => client.query(text, values as unknown[] | undefined),
        close: async () => {
          sessions.delete(client);
          await client.end();
        },
      };
    };
    const listen: Listen = async (channel, onNotify) => {
      let client: pg.Client | undefined;
      let ended = false;
      let retry: NodeJS.Timeout | undefined;
      /** Opens the listening connection; on failure, or when it drops later, tries again a second on. */
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: opts.databaseUrl });
        const again = () => {
          if (client !== c) return;
          client = undefined;
          sessions.delete(c);
          c.end().catch(() => undefined);
          if (!ended && !closing) retry = setTimeout(() => void connect(), 1_000);
        };
        c.on('error', again);
        c.on('end', again);
        c.on('notification', (m) => onNotify(m.payload ?? ''));
        client = c;
        sessions.add(c);
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch {
          again();
        }
      };
      await connect();
      return async () => {
        ended = true;
        clearTimeout(retry);
        const c = client;
        client = undefined;
        if (c) {
          sessions.delete(c);
          await c.end().catch(() => undefined);
        }
      };
    };
    // An idle connection dropped by the server (restart, failover, DROP
    // DATABASE) is an 'error' event on the pool; unhandled it would kill the
    // process. The pool replaces the connection at its next use.
    for (const pool of [ownerPool, appPool, systemPool, queuePool]) {
      pool.on('error', (err: Error & { code?: string }) => {
        if (!closing)
          console.warn(`Conexão ociosa com o PostgreSQL encerrada pelo servidor (${err.code ?? err.message}).`);
      });
    }
    return {
      owner,
      app: drizzlePg(appPool, { schema }) as unknown as Db,
      system: drizzlePg(systemPool, { schema }) as unknown as Db,
      queue: poolSql(queuePool),
      queueSession,
      listen,
      kind: 'postgres',
      close: async () => {
        closing = true;
        await Promise.all([
          appPool.end(),
          systemPool.end(),
          ownerPool.end(),
          queuePool.end(),
          ...[...sessions].map((c) => c.end().catch(() => undefined)),
        ]);
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    mkdirSync(dataDir, { recursive: true });
    // PGlite has one owner process: a second opener would corrupt the files.
    lock = acquireDataDirLock(dataDir);
    const pgdata = join(dataDir, 'pgdata');
    try {
      if (!existsSync(join(pgdata, 'PG_VERSION'))) await initEmbeddedCluster(pgdata);
      client = new PGlite({ dataDir: pgdata, postgresqlconf: EMBEDDED_CONF });
    } catch (e) {
      lock.release();
      throw e;
    }
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  await ensureDatabaseWalls(db);
  const queue = pgliteSql(client);
  await installPeriodoFechadoCongelado(queue);
  await ensureReferenceData(db);
  await ensureJobSchema(queue);
  await installPendenciasQueue(queue);
  await installDiasEncerradosQueue(queue);
  let closing: Promise<void> | undefined;
  return {
    owner: db,
    app: db,
    system: db,
    queue,
    listen: (channel, onNotify) => client.listen(channel, onNotify),
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

/** The advisory lock (one bigint key, per database) that the start steps of every process take in turn. */
export const START_LOCK_KEY = 0x6a6f726e_6164;

/**
 * Runs the start steps (migrations, walls, reference data, the job schema
 * and its triggers) holding a session advisory lock of the database, on a
 * connection of its own: the HTTP server and any number of `npm run worker`
 * processes may start together on one PostgreSQL, and each step is written
 * for one runner at a time (two workers starting at once raced in the steps
 * after the walls; a worker exited 1 in CI). The lock goes with the
 * connection, so a process killed mid-start frees it.
 */
async function withStartLock(databaseUrl: string, steps: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  // A connection dropped while waiting or holding is the start's failure (the query rejects), not a crash.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [START_LOCK_KEY]);
    await steps();
  } finally {
    await lock.end();
  }
}

function poolSql(pool: pg.Pool): JobSql {
  return { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) };
}

/**
 * pg-boss sends its schema plans as one multi-statement text without
 * parameters: PGlite runs those with `exec` (simple protocol), the rest with
 * `query`.
 */
function pgliteSql(client: PGlite): JobSql {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
