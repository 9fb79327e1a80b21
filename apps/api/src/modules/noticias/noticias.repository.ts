import { and, asc, count, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { noticias } from '../../db/schema/index.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import type { Tx } from '../../db/tenant-tx.js';

/**
 * What one tenant may read: the news for every customer and those aimed at
 * it (decision 0017). Said here as well as in the database's row policy
 * (db/tenant-rls.ts), so neither wall alone keeps another tenant's news out.
 */
const visibleTo = (tenantId: number) => or(isNull(noticias.tenantAlvoId), eq(noticias.tenantAlvoId, tenantId));

export const noticiasRepository = {
  fusoHorarioEmpresa,

  async countPublishedOn(tx: Tx, tenantId: number, date: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(noticias)
      .where(and(eq(noticias.dataPublicacao, date), visibleTo(tenantId)));
    return Number(row?.n ?? 0);
  },

  /** News published between two calendar days (yyyy-mm-dd, inclusive), newest first. */
  async listPublishedBetween(tx: Tx, tenantId: number, from: string, to: string) {
    return tx
      .select({
        id: noticias.id,
        titulo: noticias.titulo,
        dataPublicacao: noticias.dataPublicacao,
        conteudo: noticias.conteudo,
      })
      .from(noticias)
      .where(and(gte(noticias.dataPublicacao, from), lte(noticias.dataPublicacao, to), visibleTo(tenantId)))
      .orderBy(desc(noticias.dataPublicacao), asc(noticias.id));
  },
};
