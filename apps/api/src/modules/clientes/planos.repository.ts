import { asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant-tx.js';
import { plans, tenants } from '../../db/schema/index.js';

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
        id: plans.id,
        nome: plans.nome,
        maxCnpjs: plans.maxCnpjs,
        maxFuncionarios: plans.maxFuncionarios,
        maxDispositivosMoveis: plans.maxDispositivosMoveis,
        maxDispositivosWeb: plans.maxDispositivosWeb,
        maxUsuarios: plans.maxUsuarios,
        clientes: sql<number>`coalesce(${usage.n}, 0)::int`,
      })
      .from(plans)
      .leftJoin(usage, eq(usage.planoId, plans.id))
      .orderBy(asc(plans.nome));
    return rows.map((r) => ({ ...r, clientes: Number(r.clientes) }));
  },

  async insert(tx: Tx, v: PlanValues): Promise<number> {
    const [row] = await tx.insert(plans).values(v).returning({ id: plans.id });
    return row!.id;
  },

  async update(tx: Tx, id: number, v: PlanValues): Promise<boolean> {
    const rows = await tx.update(plans).set(v).where(eq(plans.id, id)).returning({ id: plans.id });
    return rows.length === 1;
  },

  /** The plan locked until the transaction ends, with how many customers use it. */
  async lockWithUsage(tx: Tx, id: number) {
    const [plan] = await tx
      .select({ id: plans.id, nome: plans.nome })
      .from(plans)
      .where(eq(plans.id, id))
      .for('update');
    if (!plan) return undefined;
    const [used] = await tx.select({ n: count() }).from(tenants).where(eq(tenants.planoId, id));
    return { ...plan, clientes: Number(used?.n ?? 0) };
  },

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(plans).where(eq(plans.id, id));
  },
};
