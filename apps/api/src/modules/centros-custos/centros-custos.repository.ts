import { and, asc, count, eq } from 'drizzle-orm';
import { registerRepository } from '../../db/register-repository.js';
import { centrosCusto, usuarioCentrosCusto } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';

/** A cost centre as the service reads it (tipo: 1 Departamento, 2 Setor, 3 Seção). */
export interface CentroCustoRow {
  id: number;
  codigo: string;
  nome: string;
  tipo: number;
  paiId: number | null;
  cnpjId: number;
}

const t = centrosCusto;
const columns = { id: t.id, codigo: t.codigo, nome: t.nome, tipo: t.tipo, paiId: t.paiId, cnpjId: t.cnpjId };

/** The kit's queries (find, code lookups, insert with a free code, update, delete), tenant-named. */
const kit = registerRepository<CentroCustoRow>(
  { table: t, id: t.id, tenantId: t.tenantId, codigo: t.codigo },
  columns,
  [asc(t.nome), asc(t.id)],
);

/** SQL only. Lists of the chain take the user's scope (decision 0020). */
export const centrosCustosRepository = {
  ...kit,

  /** One level of a company (departments), as far as the user sees the chain. */
  listLevel(tx: Tx, tenantId: number, cnpjId: number, tipo: number, scope: UserScope): Promise<CentroCustoRow[]> {
    return tx
      .select(columns)
      .from(t)
      .where(
        and(
          eq(t.tenantId, tenantId),
          eq(t.cnpjId, cnpjId),
          eq(t.tipo, tipo),
          scopeSql.centroCustoNavegacao(scope, t.cnpjId, t.id),
        ),
      )
      .orderBy(asc(t.nome), asc(t.id));
  },

  /** The children of a cost centre (sectors of a department, sections of a sector) the user sees. */
  listFilhos(tx: Tx, tenantId: number, paiId: number, scope: UserScope): Promise<CentroCustoRow[]> {
    return tx
      .select(columns)
      .from(t)
      .where(and(eq(t.tenantId, tenantId), eq(t.paiId, paiId), scopeSql.centroCustoNavegacao(scope, t.cnpjId, t.id)))
      .orderBy(asc(t.nome), asc(t.id));
  },

  /** All children, whatever the scope: a delete must not orphan rows the user cannot see. */
  async countChildren(tx: Tx, tenantId: number, id: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.tenantId, tenantId), eq(t.paiId, id)));
    return Number(row?.n ?? 0);
  },

  async countUsuariosAtribuidos(tx: Tx, tenantId: number, id: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(usuarioCentrosCusto)
      .where(and(eq(usuarioCentrosCusto.tenantId, tenantId), eq(usuarioCentrosCusto.centroCustoId, id)));
    return Number(row?.n ?? 0);
  },
};
