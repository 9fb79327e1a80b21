import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Ciclo, TipoEscala } from '@jornada/contracts';
import { escalaCiclosListas, escalaVersoes, escalas, funcionarioEscalas } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

export interface EscalaRow {
  id: number;
  descricao: string;
  tipo: TipoEscala;
}

export interface VersaoRow {
  id: number;
  escalaId: number;
  validaDesde: string;
  /** The stored document, as written (the service parses it with the contract). */
  configuracao: unknown;
}

export interface ListaCiclosRow {
  id: number;
  descricao: string;
  ciclos: unknown;
  quantidade: number;
}

const escalaCols = { id: escalas.id, descricao: escalas.descricao, tipo: escalas.tipo };
const versaoCols = {
  id: escalaVersoes.id,
  escalaId: escalaVersoes.escalaId,
  validaDesde: escalaVersoes.validaDesde,
  configuracao: escalaVersoes.configuracao,
};

const asEscala = (r: { id: number; descricao: string; tipo: string }): EscalaRow => ({
  ...r,
  tipo: r.tipo as TipoEscala,
});

/** SQL of the Escalas de Horários area: schedules, their versions and the cycle lists. */
export const escalasRepository = {
  async list(tx: Tx, tenantId: number): Promise<EscalaRow[]> {
    const rows = await tx
      .select(escalaCols)
      .from(escalas)
      .where(eq(escalas.tenantId, tenantId))
      .orderBy(asc(escalas.descricao), asc(escalas.id));
    return rows.map(asEscala);
  },

  /** The schedule; `lock` takes its row lock so that changes of one schedule run one after another. */
  async find(tx: Tx, tenantId: number, id: number, lock = false): Promise<EscalaRow | undefined> {
    const q = tx
      .select(escalaCols)
      .from(escalas)
      .where(and(eq(escalas.tenantId, tenantId), eq(escalas.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row && asEscala(row);
  },

  /** Another schedule of the tenant with this description, ignoring case (the unique index's rule). */
  async descricaoEmUso(tx: Tx, tenantId: number, descricao: string, exceto: number | null): Promise<boolean> {
    const [row] = await tx
      .select({ id: escalas.id })
      .from(escalas)
      .where(
        and(
          eq(escalas.tenantId, tenantId),
          sql`lower(${escalas.descricao}) = lower(${descricao})`,
          exceto === null ? undefined : ne(escalas.id, exceto),
        ),
      )
      .limit(1);
    return !!row;
  },

  async insert(tx: Tx, tenantId: number, v: { descricao: string; tipo: TipoEscala }): Promise<number> {
    const [row] = await tx
      .insert(escalas)
      .values({ tenantId, ...v })
      .returning({ id: escalas.id });
    return row!.id;
  },

  async update(tx: Tx, tenantId: number, id: number, v: { descricao: string; tipo: TipoEscala }): Promise<void> {
    await tx
      .update(escalas)
      .set(v)
      .where(and(eq(escalas.tenantId, tenantId), eq(escalas.id, id)));
  },

  async remove(tx: Tx, tenantId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(escalas)
      .where(and(eq(escalas.tenantId, tenantId), eq(escalas.id, id)))
      .returning({ id: escalas.id });
    return rows.length > 0;
  },

  /** Whether any employee schedule history entry (open or closed) names the schedule. */
  async emUso(tx: Tx, tenantId: number, escalaId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: funcionarioEscalas.id })
      .from(funcionarioEscalas)
      .where(and(eq(funcionarioEscalas.tenantId, tenantId), eq(funcionarioEscalas.escalaId, escalaId)))
      .limit(1);
    return !!row;
  },

  /** The versions of one schedule, oldest first. */
  async versoes(tx: Tx, tenantId: number, escalaId: number): Promise<VersaoRow[]> {
    return tx
      .select(versaoCols)
      .from(escalaVersoes)
      .where(and(eq(escalaVersoes.tenantId, tenantId), eq(escalaVersoes.escalaId, escalaId)))
      .orderBy(asc(escalaVersoes.validaDesde));
  },

  /** Every version of these schedules, oldest first per schedule. */
  async versoesDe(tx: Tx, tenantId: number, escalaIds: readonly number[]): Promise<VersaoRow[]> {
    if (escalaIds.length === 0) return [];
    return tx
      .select(versaoCols)
      .from(escalaVersoes)
      .where(and(eq(escalaVersoes.tenantId, tenantId), inArray(escalaVersoes.escalaId, [...escalaIds])))
      .orderBy(asc(escalaVersoes.escalaId), asc(escalaVersoes.validaDesde));
  },

  async latestVersao(tx: Tx, tenantId: number, escalaId: number): Promise<VersaoRow | undefined> {
    const [row] = await tx
      .select(versaoCols)
      .from(escalaVersoes)
      .where(and(eq(escalaVersoes.tenantId, tenantId), eq(escalaVersoes.escalaId, escalaId)))
      .orderBy(desc(escalaVersoes.validaDesde))
      .limit(1);
    return row;
  },

  async insertVersao(
    tx: Tx,
    tenantId: number,
    v: { escalaId: number; validaDesde: string; configuracao: unknown; criadoPor: number | null },
  ): Promise<void> {
    await tx.insert(escalaVersoes).values({ tenantId, ...v });
  },

  async replaceVersao(
    tx: Tx,
    tenantId: number,
    id: number,
    v: { configuracao: unknown; criadoPor: number | null; criadoEm: Date },
  ): Promise<void> {
    await tx
      .update(escalaVersoes)
      .set(v)
      .where(and(eq(escalaVersoes.tenantId, tenantId), eq(escalaVersoes.id, id)));
  },

  // ------------------------------------------------------------ cycle lists

  async listCiclos(tx: Tx, tenantId: number): Promise<Omit<ListaCiclosRow, 'ciclos'>[]> {
    return tx
      .select({
        id: escalaCiclosListas.id,
        descricao: escalaCiclosListas.descricao,
        quantidade: escalaCiclosListas.quantidade,
      })
      .from(escalaCiclosListas)
      .where(eq(escalaCiclosListas.tenantId, tenantId))
      .orderBy(asc(escalaCiclosListas.descricao), asc(escalaCiclosListas.id));
  },

  async findCiclos(tx: Tx, tenantId: number, id: number): Promise<ListaCiclosRow | undefined> {
    const [row] = await tx
      .select({
        id: escalaCiclosListas.id,
        descricao: escalaCiclosListas.descricao,
        ciclos: escalaCiclosListas.ciclos,
        quantidade: escalaCiclosListas.quantidade,
      })
      .from(escalaCiclosListas)
      .where(and(eq(escalaCiclosListas.tenantId, tenantId), eq(escalaCiclosListas.id, id)));
    return row;
  },

  async insertCiclos(tx: Tx, tenantId: number, v: { descricao: string; ciclos: Ciclo[] }): Promise<number> {
    const [row] = await tx
      .insert(escalaCiclosListas)
      .values({ tenantId, descricao: v.descricao, ciclos: v.ciclos, quantidade: v.ciclos.length })
      .returning({ id: escalaCiclosListas.id });
    return row!.id;
  },

  async removeCiclos(tx: Tx, tenantId: number, id: number): Promise<string | undefined> {
    const [row] = await tx
      .delete(escalaCiclosListas)
      .where(and(eq(escalaCiclosListas.tenantId, tenantId), eq(escalaCiclosListas.id, id)))
      .returning({ descricao: escalaCiclosListas.descricao });
    return row?.descricao;
  },
};
