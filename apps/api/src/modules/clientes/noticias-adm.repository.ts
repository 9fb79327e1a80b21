import { and, desc, eq, not } from 'drizzle-orm';
import type { Tx } from '../../db/tenant-tx.js';
import { noticias, tenants } from '../../db/schema/index.js';

export interface NoticiaValues {
  titulo: string;
  conteudo: string;
  dataPublicacao: string;
  tenantAlvoId: number | null;
}

/** The provider's side of the news: every item, whoever it is aimed at (system path). */
export const noticiasAdmRepository = {
  list(tx: Tx) {
    return tx
      .select({
        id: noticias.id,
        titulo: noticias.titulo,
        conteudo: noticias.conteudo,
        dataPublicacao: noticias.dataPublicacao,
        clienteId: tenants.id,
        clienteNome: tenants.nome,
      })
      .from(noticias)
      .leftJoin(tenants, eq(tenants.id, noticias.tenantAlvoId))
      .orderBy(desc(noticias.dataPublicacao), desc(noticias.id));
  },

  /** A target must be a customer, never the provider's own tenant. */
  async isCustomer(tx: Tx, tenantId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), not(tenants.provedor)));
    return row !== undefined;
  },

  async insert(tx: Tx, v: NoticiaValues): Promise<number> {
    const [row] = await tx.insert(noticias).values(v).returning({ id: noticias.id });
    return row!.id;
  },

  async update(tx: Tx, id: number, v: NoticiaValues): Promise<boolean> {
    const rows = await tx.update(noticias).set(v).where(eq(noticias.id, id)).returning({ id: noticias.id });
    return rows.length === 1;
  },

  async remove(tx: Tx, id: number): Promise<string | undefined> {
    const rows = await tx.delete(noticias).where(eq(noticias.id, id)).returning({ titulo: noticias.titulo });
    return rows[0]?.titulo;
  },
};
