import { eq } from 'drizzle-orm';
import type { Tx } from './tenant-tx.js';
import { empresas } from './schema/index.js';

/** The zone of a tenant whose main company is not (yet) known: the product's home market. */
export const FUSO_HORARIO_PADRAO = 'America/Sao_Paulo';

/**
 * The IANA zone (fuso horário) of the tenant's main company: its calendar
 * decides what "today" and "the 10th" mean for the tenant's news, logs and
 * reports. A punch's wall clock is its CNPJ's zone instead (modules/afd/fuso.ts,
 * `FusoDaEmpresa`).
 */
export async function fusoHorarioEmpresa(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx.select({ fuso: empresas.fusoHorario }).from(empresas).where(eq(empresas.tenantId, tenantId));
  return row?.fuso ?? FUSO_HORARIO_PADRAO;
}
