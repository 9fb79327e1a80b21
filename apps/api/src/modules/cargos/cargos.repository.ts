import { and, asc, eq } from 'drizzle-orm';
import { cargos } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

const columns = { id: cargos.id, codigo: cargos.codigo, nome: cargos.nome };

/** SQL only. Every query names the tenant (RLS checks it a second time). */
export const cargosRepository = {
  list(tx: Tx, tenantId: number) {
    return tx
      .select(columns)
      .from(cargos)
      .where(eq(cargos.tenantId, tenantId))
      .orderBy(asc(cargos.nome), asc(cargos.id));
  },

  async find(tx: Tx, tenantId: number, id: number) {
    const rows = await tx
      .select(columns)
      .from(cargos)
      .where(and(eq(cargos.tenantId, tenantId), eq(cargos.id, id)));
    return rows[0];
  },

  async findByCodigo(tx: Tx, tenantId: number, codigo: string) {
    const rows = await tx
      .select(columns)
      .from(cargos)
      .where(and(eq(cargos.tenantId, tenantId), eq(cargos.codigo, codigo)));
    return rows[0];
  },

  async insert(tx: Tx, tenantId: number, c: { codigo: string; nome: string }) {
    const [row] = await tx
      .insert(cargos)
      .values({ tenantId, ...c })
      .returning(columns);
    return row!;
  },
  /** Inserts unless the code is taken (then undefined): the automatic-code path. */
  async insertIfCodeFree(tx: Tx, tenantId: number, c: { codigo: string; nome: string }) {
    const [row] = await tx
      .insert(cargos)
      .values({ tenantId, ...c })
      .onConflictDoNothing({ target: [cargos.tenantId, cargos.codigo] })
      .returning(columns);
    return row;
  },

  async update(tx: Tx, tenantId: number, id: number, c: { codigo: string; nome: string }) {
    const rows = await tx
      .update(cargos)
      .set(c)
      .where(and(eq(cargos.tenantId, tenantId), eq(cargos.id, id)))
      .returning(columns);
    return rows[0];
  },

  async delete(tx: Tx, tenantId: number, id: number) {
    const rows = await tx
      .delete(cargos)
      .where(and(eq(cargos.tenantId, tenantId), eq(cargos.id, id)))
      .returning(columns);
    return rows[0];
  },
};
