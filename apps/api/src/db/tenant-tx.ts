import { sql } from 'drizzle-orm';
import pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Db } from './client.js';
import { APP_ROLE, SYSTEM_ROLE } from './tenant-rls.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One transaction per use case, scoped to one tenant. The role switch is
 * local to the transaction (a no-op where the connection already logs in as
 * the app role) and the tenant is pinned once, by a function the role cannot
 * call a second time, so a pooled connection never carries either into
 * another request and no statement inside can move to another tenant.
 */
export function withTenant<T>(db: Db, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`tenantId inválido: ${tenantId}`);
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return withTenantOnPool(db, pool, tenantId, fn);
  return db.transaction(async (tx) => {
    // set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(sql`SELECT set_config('role', ${APP_ROLE}, true), jornada_definir_tenant(${tenantId}::int)`);
    return fn(tx);
  });
}

/** What Drizzle keeps on a database object to open a transaction on one client. */
type PgSessionArgs = ConstructorParameters<typeof NodePgSession>;
interface DrizzlePgInternals {
  session: { dialect: PgSessionArgs[1]; schema: PgSessionArgs[2] };
}

/**
 * withTenant on a PostgreSQL server: BEGIN and the tenant pin travel in ONE
 * round trip (a simple-protocol query of two statements; both values are
 * constants or a checked integer), where Drizzle's own transaction() would
 * send BEGIN and wait for it first. Every tenant request saves a round trip
 * (the employee list benchmark, issue 10). The transaction object is the one
 * Drizzle builds in `NodePgSession.transaction` (drizzle-orm 0.45), so nested
 * transactions, rollback() and the query builders behave the same.
 */
async function withTenantOnPool<T>(db: Db, pool: pg.Pool, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const { dialect, schema } = (db as unknown as DrizzlePgInternals).session;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(
      `BEGIN; SELECT set_config('role', '${APP_ROLE}', true), jornada_definir_tenant(${tenantId}::int)`,
    );
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema), schema) as unknown as Tx;
    const result = await fn(tx);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    // Whatever failed (the pin, the use case, COMMIT), the connection goes
    // back with no transaction open; one that cannot even roll back is dropped.
    await client.query('ROLLBACK').catch((err: Error) => (broken = err));
    throw e;
  } finally {
    client.release(broken);
  }
}

/**
 * A transaction on the narrow system path (login bookkeeping, sessions, mail,
 * the provider's area): sees every tenant, so only the modules the lint rule
 * allows may use it.
 */
export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('role', ${SYSTEM_ROLE}, true)`);
    return fn(tx);
  });
}
