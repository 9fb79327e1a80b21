import { motivoAfastamentoApi } from '@jornada/contracts';
import { motivosAfastamento } from './schema/index.js';
import type { Tx } from './tenant-tx.js';

/**
 * The protected absence reasons (MOTIVOS_PROTEGIDOS: 'Transferência') a tenant
 * is born with, inserted in the caller's transaction. Written once here because
 * two callers need it and db/ may not import a module: the motivos service
 * (`criarMotivosProtegidos`, for the provider's "create client") and the demo
 * seed. Idempotent: a reason already there is left as it is.
 */
export async function insertMotivosProtegidos(tx: Tx, tenantId: number): Promise<void> {
  await tx
    .insert(motivosAfastamento)
    .values(motivoAfastamentoApi.MOTIVOS_PROTEGIDOS.map((m) => ({ tenantId, ...m, protegido: true })))
    .onConflictDoNothing();
}
