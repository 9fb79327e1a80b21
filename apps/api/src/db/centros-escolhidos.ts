import { sql, type SQL } from 'drizzle-orm';

/**
 * The chosen cost centres of the company and every one under them (seed 002
 * §2: a parent includes its children), as a recursive CTE; absent when the
 * whole company is listed. The ids travel as one array parameter, so the
 * statement's text does not change with how many were chosen.
 */
export function centrosCte(tenantId: number, filtro: { cnpjId: number; centroCustoIds: readonly number[] }): SQL {
  if (!filtro.centroCustoIds.length) return sql``;
  return sql`RECURSIVE centros AS (
      SELECT cc.id FROM centros_custo cc
       WHERE cc.tenant_id = ${tenantId} AND cc.cnpj_id = ${filtro.cnpjId}
         AND cc.id = ANY(${sql.param([...filtro.centroCustoIds])}::int[])
      UNION
      SELECT filho.id FROM centros_custo filho JOIN centros pai ON filho.pai_id = pai.id
       WHERE filho.tenant_id = ${tenantId}),`;
}
