import { and, count, desc, eq, isNull, like, or } from 'drizzle-orm';
import { noticias } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

/**
 * What one tenant may read: the news for every customer and those aimed at
 * it. Said here as well as in the database's row policy (db/tenant-rls.ts),
 * so neither wall alone keeps another tenant's news out.
 */
const visibleTo = (tenantId: number) => or(isNull(noticias.tenantAlvoId), eq(noticias.tenantAlvoId, tenantId));

export const noticiasRepository = {
  async countPublishedOn(tx: Tx, tenantId: number, date: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(noticias)
      .where(and(eq(noticias.dataPublicacao, date), visibleTo(tenantId)));
    return Number(row?.n ?? 0);
  },

  /** The month's news (`yyyy-mm`), newest first. */
  listMonth(tx: Tx, tenantId: number, yearMonth: string) {
    return tx
      .select({
        id: noticias.id,
        titulo: noticias.titulo,
        dataPublicacao: noticias.dataPublicacao,
        conteudo: noticias.conteudo,
      })
      .from(noticias)
      .where(and(like(noticias.dataPublicacao, `${yearMonth}-%`), visibleTo(tenantId)))
      .orderBy(desc(noticias.dataPublicacao), desc(noticias.id));
  },
};
