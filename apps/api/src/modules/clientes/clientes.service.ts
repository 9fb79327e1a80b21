import { MSG } from '@jornada/contracts';
import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-tx.js';
import { notFound } from '../../shared/app-error.js';
import { clientesRepository as repo } from './clientes.repository.js';

/**
 * Suspends a customer (the provider's Clientes screen, issue 9, will call
 * this): in one transaction the tenant is marked inactive and every live
 * session of it ends, so a suspension takes effect on the next request, not
 * when the sessions expire. Login then answers 'Acesso suspenso'.
 */
export async function suspendTenant(systemDb: Db, tenantId: number, at: Date): Promise<void> {
  await withSystem(systemDb, async (tx) => {
    if (!(await repo.setActive(tx, tenantId, false))) throw notFound(MSG.naoEncontrado);
    await repo.revokeTenantSessions(tx, tenantId, at);
  });
}

export async function reactivateTenant(systemDb: Db, tenantId: number): Promise<void> {
  await withSystem(systemDb, async (tx) => {
    if (!(await repo.setActive(tx, tenantId, true))) throw notFound(MSG.naoEncontrado);
  });
}
