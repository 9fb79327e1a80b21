import { sql } from 'drizzle-orm';
import type { Tx } from './tenant-tx.js';

/**
 * Rebuilds the search words (`funcionario_palavras`, decision 0033) of some
 * employees of a tenant from what the database itself computed for them
 * (`funcionarios.busca`), so no writer can store other words than the list
 * searches. Every path that creates employees or changes their name, badge,
 * CPF or PIS calls it in the same transaction: the register, the CSV import
 * (through the funcionarios service) and the demo data. `ids` absent = every
 * employee of the tenant.
 */
export async function reindexarBuscaFuncionarios(tx: Tx, tenantId: number, ids?: readonly number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  const quais = ids ? sql`AND funcionario_id = ANY(${`{${ids.map(Number).join(',')}}`}::int[])` : sql``;
  const quaisF = ids ? sql`AND id = ANY(${`{${ids.map(Number).join(',')}}`}::int[])` : sql``;
  await tx.execute(sql`DELETE FROM funcionario_palavras WHERE tenant_id = ${tenantId} ${quais}`);
  await tx.execute(sql`
    INSERT INTO funcionario_palavras (tenant_id, funcionario_id, palavra)
    SELECT tenant_id, id, left(palavra, 200)
      FROM funcionarios, unnest(tsvector_to_array(busca)) AS palavra
     WHERE tenant_id = ${tenantId} ${quaisF}`);
}
