import { and, asc, count, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import { perfilPermissoes, perfis, usuarios } from '../../db/schema/index.js';

/** SQL of Perfis e Permissões: profiles and their codes, per tenant. */
export const perfisRepository = {
  listProfiles(tx: Tx, tenantId: number) {
    return tx
      .select({ id: perfis.id, nome: perfis.nome, protegido: perfis.protegido })
      .from(perfis)
      .where(eq(perfis.tenantId, tenantId))
      .orderBy(asc(perfis.nome), asc(perfis.id));
  },

  listCodes(tx: Tx, tenantId: number) {
    return tx
      .select({ perfilId: perfilPermissoes.perfilId, codigo: perfilPermissoes.codigo })
      .from(perfilPermissoes)
      .where(eq(perfilPermissoes.tenantId, tenantId))
      .orderBy(asc(perfilPermissoes.perfilId), asc(perfilPermissoes.codigo));
  },

  async profileCodes(tx: Tx, tenantId: number, perfilId: number): Promise<number[]> {
    const rows = await tx
      .select({ codigo: perfilPermissoes.codigo })
      .from(perfilPermissoes)
      .where(and(eq(perfilPermissoes.tenantId, tenantId), eq(perfilPermissoes.perfilId, perfilId)));
    return rows.map((r) => r.codigo);
  },

  /**
   * The profile, locked until the transaction ends: two saves of one profile
   * replace its codes one after the other, never interleaved.
   */
  async lockProfile(tx: Tx, tenantId: number, id: number) {
    const rows = await queryRows<{ id: number; nome: string; protegido: boolean }>(
      tx,
      sql`SELECT id, nome, protegido FROM perfis WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`,
    );
    const r = rows[0];
    return r ? { id: Number(r.id), nome: r.nome, protegido: r.protegido } : undefined;
  },

  async insertPerfil(tx: Tx, tenantId: number, nome: string): Promise<number> {
    const [row] = await tx.insert(perfis).values({ tenantId, nome }).returning({ id: perfis.id });
    return row!.id;
  },

  async replaceCodes(tx: Tx, tenantId: number, perfilId: number, codes: readonly number[]): Promise<void> {
    await tx
      .delete(perfilPermissoes)
      .where(and(eq(perfilPermissoes.tenantId, tenantId), eq(perfilPermissoes.perfilId, perfilId)));
    if (codes.length > 0) {
      await tx.insert(perfilPermissoes).values(codes.map((codigo) => ({ tenantId, perfilId, codigo })));
    }
  },

  async countUsers(tx: Tx, tenantId: number, perfilId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(usuarios)
      .where(and(eq(usuarios.tenantId, tenantId), eq(usuarios.perfilId, perfilId)));
    return Number(row?.n ?? 0);
  },

  async deleteProfile(tx: Tx, tenantId: number, id: number): Promise<void> {
    await tx.delete(perfis).where(and(eq(perfis.tenantId, tenantId), eq(perfis.id, id)));
  },
};
