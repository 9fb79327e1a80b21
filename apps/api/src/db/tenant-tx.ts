import { sql } from 'drizzle-orm';
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
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(sql`SELECT set_config('role', ${APP_ROLE}, true), jornada_definir_tenant(${tenantId}::int)`);
    return fn(tx);
  });
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
