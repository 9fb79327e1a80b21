import { and, eq, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './tenant-tx.js';

/** A tenant-owned register table: an identity `id`, `tenant_id` and, for coded registers, a unique `codigo`. */
export interface RegisterTable {
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  /** The code column (unique per tenant) of registers that have codes. */
  codigo?: PgColumn;
}

/**
 * The SQL every register needs, written once (issue 8 §3). `columns` is what a
 * row looks like to the service (usually the list contract's fields); every
 * query names the tenant (RLS checks it a second time).
 */
export interface RegisterRepository<Row> {
  /** The table's name in the database (the code sequence looks for used codes there). */
  readonly tableName: string;
  list(tx: Tx, tenantId: number): Promise<Row[]>;
  find(tx: Tx, tenantId: number, id: number): Promise<Row | undefined>;
  findByCodigo(tx: Tx, tenantId: number, codigo: string): Promise<Row | undefined>;
  insert(tx: Tx, tenantId: number, values: Record<string, unknown>): Promise<Row>;
  /** Inserts unless the code is taken (then undefined): the automatic-code path. */
  insertIfCodeFree(tx: Tx, tenantId: number, values: Record<string, unknown>): Promise<Row | undefined>;
  update(tx: Tx, tenantId: number, id: number, values: Record<string, unknown>): Promise<Row | undefined>;
  delete(tx: Tx, tenantId: number, id: number): Promise<Row | undefined>;
}

// Drizzle's builders are typed per table; this generic layer works on any
// register table, so it talks to them through one loose door.
type Loose = any;

export function registerRepository<Row>(
  t: RegisterTable,
  /** Columns, or SQL expressions for derived fields (e.g. a kind's name beside its number). */
  columns: Record<string, PgColumn | SQL | SQL.Aliased>,
  orderBy: readonly (PgColumn | SQL)[],
): RegisterRepository<Row> {
  const mine = (tenantId: number, ...more: SQL[]) => and(eq(t.tenantId, tenantId), ...more);
  const first = (rows: unknown[]) => rows[0] as Row | undefined;
  return {
    tableName: getTableName(t.table),
    async list(tx, tenantId) {
      return (await (tx.select(columns).from(t.table) as Loose).where(mine(tenantId)).orderBy(...orderBy)) as Row[];
    },
    async find(tx, tenantId, id) {
      return first(await (tx.select(columns).from(t.table) as Loose).where(mine(tenantId, eq(t.id, id))));
    },
    async findByCodigo(tx, tenantId, codigo) {
      if (!t.codigo) return undefined;
      return first(await (tx.select(columns).from(t.table) as Loose).where(mine(tenantId, eq(t.codigo, codigo))));
    },
    async insert(tx, tenantId, values) {
      const rows = await (tx.insert(t.table) as Loose).values({ ...values, tenantId }).returning(columns);
      return rows[0] as Row;
    },
    async insertIfCodeFree(tx, tenantId, values) {
      if (!t.codigo) throw new Error('Cadastro sem código');
      const rows = await (tx.insert(t.table) as Loose)
        .values({ ...values, tenantId })
        .onConflictDoNothing({ target: [t.tenantId, t.codigo] })
        .returning(columns);
      return first(rows);
    },
    async update(tx, tenantId, id, values) {
      return first(
        await (tx.update(t.table) as Loose)
          .set(values)
          .where(mine(tenantId, eq(t.id, id)))
          .returning(columns),
      );
    },
    async delete(tx, tenantId, id) {
      return first(await (tx.delete(t.table) as Loose).where(mine(tenantId, eq(t.id, id))).returning(columns));
    },
  };
}
