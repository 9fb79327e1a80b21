import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';
import type { Tx } from './tenant-tx.js';

/**
 * Per-tenant version counters of slowly-changing lists (table versoes_dados,
 * decision 0006): read by the list cache, bumped inside the mutating
 * transaction.
 */
export async function readDataVersion(db: Db, tenantId: number, chave: string): Promise<number> {
  const rows = await queryRows<{ versao: number }>(
    db,
    sql`SELECT versao FROM versoes_dados WHERE tenant_id = ${tenantId} AND chave = ${chave}`,
  );
  return Number(rows[0]?.versao ?? 0);
}

/** Called inside the mutating transaction, so the bump commits with the change or not at all. */
export async function bumpDataVersion(tx: Tx, tenantId: number, chave: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO versoes_dados (tenant_id, chave, versao) VALUES (${tenantId}, ${chave}, 1)
    ON CONFLICT (tenant_id, chave) DO UPDATE SET versao = versoes_dados.versao + 1`);
}
