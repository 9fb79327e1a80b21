import { count, eq } from 'drizzle-orm';
import { empresas, noticias } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

export const noticiasRepository = {
  async companyTimeZone(tx: Tx, tenantId: number): Promise<string | undefined> {
    const [row] = await tx.select({ fuso: empresas.fusoHorario }).from(empresas).where(eq(empresas.tenantId, tenantId));
    return row?.fuso;
  },

  async countPublishedOn(tx: Tx, date: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(noticias).where(eq(noticias.dataPublicacao, date));
    return Number(row?.n ?? 0);
  },
};
