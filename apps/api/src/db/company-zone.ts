import { eq } from 'drizzle-orm';
import { empresas } from './schema/index.js';
import type { Tx } from './tenant-tx.js';

/** Where a company's calendar is when it has none stored (the seeds' customers are Brazilian). */
export const DEFAULT_ZONE = 'America/Sao_Paulo';

/**
 * The IANA zone of a tenant's main company: "today" for news, support
 * authorisations and every date the customer sees is its calendar day, not
 * the server's.
 */
export async function companyTimeZone(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx.select({ fuso: empresas.fusoHorario }).from(empresas).where(eq(empresas.tenantId, tenantId));
  return row?.fuso ?? DEFAULT_ZONE;
}
