import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRowsNamed, type Db } from './client.js';
import { centrosCusto, cnpjs } from './schema/index.js';
import type { Tx } from './tenant-tx.js';
import { UserScope } from '../shared/user-scope.js';

type Conn = Pick<Db, 'execute' | 'select'> | Tx;

/**
 * Loads a user's scope (decision 0020) in one round trip: the user's companies,
 * and the cost-centre tree of each company where the user has assignments
 * (a company without assignments is seen whole, so its tree is not needed).
 * Runs inside the use case's transaction (tenant path) or on the system path
 * for login; the tenant is always named.
 */
export async function loadUserScope(conn: Conn, tenantId: number, userId: number): Promise<UserScope> {
  const [row] = await queryRowsNamed<{ cnpjs: unknown; arvore: unknown }>(
    conn,
    'escopo_usuario',
    sql`
    SELECT
      (SELECT coalesce(json_agg(uc.cnpj_id ORDER BY uc.cnpj_id), '[]'::json)
         FROM usuario_cnpjs uc
        WHERE uc.tenant_id = ${tenantId} AND uc.usuario_id = ${userId}) AS cnpjs,
      (SELECT coalesce(json_agg(json_build_array(cc.id, cc.cnpj_id, cc.pai_id, ucc.usuario_id IS NOT NULL)), '[]'::json)
         FROM centros_custo cc
         LEFT JOIN usuario_centros_custo ucc
                ON ucc.tenant_id = cc.tenant_id AND ucc.centro_custo_id = cc.id AND ucc.usuario_id = ${userId}
        WHERE cc.tenant_id = ${tenantId}
          AND cc.cnpj_id IN (SELECT a.cnpj_id
                               FROM usuario_centros_custo x
                               JOIN centros_custo a ON a.tenant_id = x.tenant_id AND a.id = x.centro_custo_id
                              WHERE x.tenant_id = ${tenantId} AND x.usuario_id = ${userId})) AS arvore`,
  );
  // json columns: PGlite and node-postgres both parse them; a text answer is parsed here.
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as unknown[];
  const cnpjIds = parse(row?.cnpjs ?? '[]').map(Number);
  const tree = (parse(row?.arvore ?? '[]') as [number, number, number | null, boolean][]).map(
    ([id, cnpjId, paiId, atribuido]) => ({
      id: Number(id),
      cnpjId: Number(cnpjId),
      paiId: paiId === null ? null : Number(paiId),
      atribuido: atribuido === true,
    }),
  );
  return UserScope.fromAssignments(userId, cnpjIds, tree);
}

/**
 * The scope of a support session (decision 0016): the provider's staff member
 * has no assignments in the customer's tenant and acts as its Administrador,
 * so every company of the tenant, whole.
 */
export async function loadTenantScope(conn: Conn, tenantId: number, userId: number): Promise<UserScope> {
  const rows = await conn
    .select({ id: cnpjs.id })
    .from(cnpjs)
    .where(eq(cnpjs.tenantId, tenantId))
    .orderBy(asc(cnpjs.id));
  return new UserScope(
    userId,
    rows.map((r) => r.id),
    new Map(),
    new Set(),
  );
}

const NOTHING = sql`false`;
const inIds = (column: PgColumn, ids: readonly number[]): SQL => (ids.length ? inArray(column, [...ids]) : NOTHING);

/**
 * The scope as SQL for repositories (decision 0020): add the predicate to the
 * WHERE of any query of company data, next to the tenant.
 */
export const scopeSql = {
  /** Rows of the user's companies (the company itself, or anything that names only its company). */
  cnpj(scope: UserScope, cnpjColumn: PgColumn): SQL {
    return inIds(cnpjColumn, scope.cnpjIds);
  },

  /**
   * Rows under the user's cost centres (employees, punches, report lines):
   * in a company seen whole, all; in a limited company, those whose cost
   * centre is allowed (a row without a cost centre there is out).
   */
  centroCusto(scope: UserScope, cnpjColumn: PgColumn, centroCustoColumn: PgColumn): SQL {
    return or(inIds(cnpjColumn, scope.wholeCnpjIds), inIds(centroCustoColumn, scope.allowedCentroCustoIds))!;
  },

  /**
   * The user sees every company of the tenant, whole (decision 0065): what
   * rows of no company (tenant-wide log entries) require. A support session's
   * scope (loadTenantScope) always does. Compared with the tenant's companies
   * in the same statement, so a company created after the scope was loaded
   * still counts.
   */
  tenantInteiro(scope: UserScope, tenantId: number): SQL {
    return sql`NOT EXISTS (SELECT 1 FROM cnpjs todas
                            WHERE todas.tenant_id = ${tenantId}
                              AND todas.id <> ALL(${sql.param([...scope.wholeCnpjIds])}::int[]))`;
  },

  /**
   * Rows about a company, a cost centre of it, or neither (the operation
   * log, decision 0065): with a cost centre, as `centroCusto`; with a company
   * alone, the company's users (a user limited to some of its cost centres
   * too: the company's own registration is theirs to see, decision 0020);
   * with neither, only who sees the whole tenant.
   */
  alvo(scope: UserScope, tenantId: number, cnpjColumn: PgColumn, centroCustoColumn: PgColumn): SQL {
    return or(
      and(isNull(cnpjColumn), scopeSql.tenantInteiro(scope, tenantId)),
      and(isNull(centroCustoColumn), inIds(cnpjColumn, scope.cnpjIds)),
      and(isNotNull(centroCustoColumn), scopeSql.centroCusto(scope, cnpjColumn, centroCustoColumn)),
    )!;
  },

  /** Cost centres shown in the Centros de Custos chain: the allowed ones and their ancestors. */
  centroCustoNavegacao(scope: UserScope, cnpjColumn: PgColumn, idColumn: PgColumn): SQL {
    return or(
      inIds(cnpjColumn, scope.wholeCnpjIds),
      inIds(idColumn, [...scope.allowedCentroCustoIds, ...scope.ancestorIds]),
    )!;
  },
};

export interface ScopedCentroCustoRow {
  id: number;
  codigo: string;
  nome: string;
  /** 1 Departamento, 2 Setor, 3 Seção. */
  tipo: number;
  paiId: number | null;
  cnpjId: number;
}

/**
 * The cost centres a user may use (filters, pickers, the session's
 * cacheEmpresa): every level, allowed ones only, of one company or of all the
 * user's companies; sorted by company, level and name.
 */
export async function scopedCentrosCusto(
  conn: Conn,
  tenantId: number,
  scope: UserScope,
  cnpjId?: number,
): Promise<ScopedCentroCustoRow[]> {
  const t = centrosCusto;
  return conn
    .select({ id: t.id, codigo: t.codigo, nome: t.nome, tipo: t.tipo, paiId: t.paiId, cnpjId: t.cnpjId })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        cnpjId === undefined ? undefined : eq(t.cnpjId, cnpjId),
        scopeSql.centroCusto(scope, t.cnpjId, t.id),
      ),
    )
    .orderBy(asc(t.cnpjId), asc(t.tipo), asc(t.nome), asc(t.id));
}
