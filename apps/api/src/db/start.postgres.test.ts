import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_LOCK_KEY, openDatabase, queryRows, type Database } from './client.js';

/**
 * The start steps of processes sharing one PostgreSQL (the HTTP server, any
 * number of `npm run worker`) run one process at a time (client.ts,
 * withStartLock): two processes starting on a new database at once both
 * start, with the migrations, walls and job schema applied once. A `.postgres.test.ts` file:
 * collected only when a PostgreSQL server is there (vitest.config.ts).
 */
describe('início de processos no mesmo PostgreSQL [postgres]', () => {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `jornada_inicio_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  beforeAll(() => admin(`CREATE DATABASE ${name}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it(
    'enquanto outro processo está no início, o próximo espera por ele; dois juntos num banco novo começam os dois',
    {
      timeout: 120_000,
    },
    async () => {
      // Someone (a process in its start) holds the lock: a start waits for it.
      const outro = new pg.Client({ connectionString: url.toString() });
      await outro.connect();
      let abertos: Database[] = [];
      try {
        await outro.query('SELECT pg_advisory_lock($1::bigint)', [START_LOCK_KEY]);
        let terminou = false;
        const primeiro = openDatabase({ databaseUrl: url.toString(), poolSize: 2 }).then((d) => {
          terminou = true;
          return d;
        });
        const segundo = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
        // Both are connected and waiting for the lock (and have not migrated anything).
        for (let i = 0; ; i++) {
          const { rows } = await outro.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          if (rows[0]!.n === 2) break;
          if (i > 400) throw new Error('os dois inícios não chegaram a esperar pela trava');
          await new Promise((r) => setTimeout(r, 25));
        }
        expect(terminou).toBe(false);
        const { rows: tabelas } = await outro.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
        );
        expect(tabelas[0]!.n).toBe(0);
        await outro.query('SELECT pg_advisory_unlock($1::bigint)', [START_LOCK_KEY]);
        // Released: both start, one after the other, on the new database.
        abertos = await Promise.all([primeiro, segundo]);
        for (const d of abertos) {
          const [row] = await queryRows<{ n: number }>(d.owner, sql`SELECT count(*)::int AS n FROM tenants`);
          expect(row!.n).toBe(0);
        }
        const { rows: migracoes } = await outro.query<{ n: number; distintas: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distintas FROM drizzle.__drizzle_migrations`,
        );
        expect(migracoes[0]!.n).toBe(migracoes[0]!.distintas);
      } finally {
        await Promise.all(abertos.map((d) => d.close()));
        await outro.end();
      }
    },
  );
});
