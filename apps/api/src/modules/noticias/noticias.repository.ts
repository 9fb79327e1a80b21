import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import { noticias } from '../../db/schema/index.js';
import { companyTimeZone } from '../../db/company-time-zone.js';
import type { Tx } from '../../db/tenant-tx.js';

export const noticiasRepository = {
  companyTimeZone,

  async countPublishedOn(tx: Tx, date: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(noticias).where(eq(noticias.dataPublicacao, date));
    return Number(row?.n ?? 0);
  },

  /** News published between two calendar days (yyyy-mm-dd, inclusive), newest first. */
  async listPublishedBetween(tx: Tx, from: string, to: string) {
    return tx
      .select({
        id: noticias.id,
        titulo: noticias.titulo,
        dataPublicacao: noticias.dataPublicacao,
        conteudo: noticias.conteudo,
      })
      .from(noticias)
      .where(and(gte(noticias.dataPublicacao, from), lte(noticias.dataPublicacao, to)))
      .orderBy(desc(noticias.dataPublicacao), asc(noticias.id));
  },
};
