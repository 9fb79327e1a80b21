import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/tenant-tx.js';
import { sessoes, tenants } from '../../db/schema/index.js';

/** The provider's view of its customers (tenants): system path only. */
export const clientesRepository = {
  async setActive(tx: Tx, tenantId: number, ativo: boolean): Promise<boolean> {
    const rows = await tx.update(tenants).set({ ativo }).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
    return rows.length === 1;
  },
  async revokeTenantSessions(tx: Tx, tenantId: number, at: Date): Promise<void> {
    await tx
      .update(sessoes)
      .set({ revogadaEm: at })
      .where(and(eq(sessoes.tenantId, tenantId), isNull(sessoes.revogadaEm)));
  },
};
