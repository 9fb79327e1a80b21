import { eq } from 'drizzle-orm';
import type { Tx } from './tenant-tx.js';
import { empresas } from './schema/index.js';

/** The zone of a tenant whose main company is not (yet) known: the product's home market. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The IANA zone of the tenant's main company: its calendar decides what
 * "today" and "the 10th" mean for the tenant's news, logs and reports.
 */
export async function companyTimeZone(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx.select({ fuso: empresas.fusoHorario }).from(empresas).where(eq(empresas.tenantId, tenantId));
  return row?.fuso ?? DEFAULT_TIME_ZONE;
}
