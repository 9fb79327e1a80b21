import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { APP_ROLE } from './tenant-rls.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One transaction per use case, scoped to one tenant: the row-level-security
 * role and the tenant setting are local to the transaction, so a pooled
 * connection never carries them into another request.
 */
export function withTenant<T>(db: Db, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`tenantId inválido: ${tenantId}`);
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(
      sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${String(tenantId)}, true)`,
    );
    return fn(tx);
  });
}
