import { asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant-tx.js';
import { planos, tenants } from '../../db/schema/index.js';

export interface PlanValues {
  nome: string;
  maxCnpjs: number;
  maxFuncionarios: number;
  maxDispositivosMoveis: number;
  maxDispositivosWeb: number;
  maxUsuarios: number;
}

/** The provider's plan catalogue (global: no tenant_id). */
export const planosRepository = {
  async list(tx: Tx) {
    const usage = tx
      .select({ planoId: tenants.planoId, n: count().as('n') })
      .from(tenants)
      .groupBy(tenants.planoId)
      .as('uso');
    const rows = await tx
      .select({
        id: planos.id,
        nome: planos.nome,
        maxCnpjs: planos.maxCnpjs,
        maxFuncionarios: planos.maxFuncionarios,
        maxDispositivosMoveis: planos.maxDispositivosMoveis,
        maxDispositivosWeb: planos.maxDispositivosWeb,
        maxUsuarios: planos.maxUsuarios,
        clientes: sql<number>`coalesce(${usage.n}, 0)::int`,
      })
      .from(planos)
      .leftJoin(usage, eq(usage.planoId, planos.id))
      .orderBy(asc(planos.nome));
    return rows.map((r) => ({ ...r, clientes: Number(r.clientes) }));
  },

  async insert(tx: Tx, v: PlanValues): Promise<number> {
    const [row] = await tx.insert(planos).values(v).returning({ id: planos.id });
    return row!.id;
  },

  async update(tx: Tx, id: number, v: PlanValues): Promise<boolean> {
    const rows = await tx.update(planos).set(v).where(eq(planos.id, id)).returning({ id: planos.id });
    return rows.length === 1;
  },

  /** The plan locked until the transaction ends, with how many customers use it. */
  async lockWithUsage(tx: Tx, id: number) {
    const [plan] = await tx
      .select({ id: planos.id, nome: planos.nome })
      .from(planos)
      .where(eq(planos.id, id))
      .for('update');
    if (!plan) return undefined;
    const [used] = await tx.select({ n: count() }).from(tenants).where(eq(tenants.planoId, id));
    return { ...plan, clientes: Number(used?.n ?? 0) };
  },

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(planos).where(eq(planos.id, id));
  },
};
