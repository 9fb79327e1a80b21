import { sql } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { badRequest, conflict } from '../shared/app-error.js';
import { queryRows } from './client.js';
import type { Tx } from './tenant-tx.js';

/** A register whose records get automatic codes (text column `codigo`, unique per tenant). */
export interface CodeSequence {
  /** The counter's name in `sequencias` (one per register). */
  key: string;
  /** The register's table. */
  table: string;
  /** The code column's length: a code longer than this is never produced. */
  maxLength: number;
}

/**
 * The next automatic code of a register (issue 7 §3–4). The per-tenant
 * counter row is locked by the upsert until the transaction ends, so two
 * concurrent saves never take the same code; the code taken is the smallest
 * number above the counter that no record already uses, so codes typed by
 * hand are skipped, not collided with. Codes are text: a hand-typed
 * 2147483647 or 999999999999 is just text the counter steps over, and the
 * counter is a bigint that a code of at most 18 digits never overflows.
 */
export async function takeNextCode(tx: Tx, tenantId: number, seq: CodeSequence): Promise<string> {
  const [counter] = await queryRows<{ valor: string | number }>(
    tx,
    sql`
    INSERT INTO sequencias (tenant_id, chave, valor) VALUES (${tenantId}, ${seq.key}, 0)
    ON CONFLICT (tenant_id, chave) DO UPDATE SET valor = sequencias.valor
    RETURNING valor`,
  );
  const current = BigInt(counter!.valor);
  const table = sql.identifier(seq.table);
  const [free] = await queryRows<{ livre: string | number }>(
    tx,
    sql`
    SELECT min(c)::text AS livre FROM (
      SELECT ${current.toString()}::bigint + 1 AS c
      UNION ALL
      SELECT codigo::bigint + 1 FROM ${table}
       WHERE tenant_id = ${tenantId} AND codigo ~ '^[1-9][0-9]{0,17}$' AND codigo::bigint > ${current.toString()}::bigint
    ) cand
    WHERE NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.tenant_id = ${tenantId} AND x.codigo = cand.c::text)`,
  );
  const code = String(free!.livre);
  if (code.length > seq.maxLength) throw badRequest(MSG.sequenciaEsgotada);
  await tx.execute(
    sql`UPDATE sequencias SET valor = ${code}::bigint WHERE tenant_id = ${tenantId} AND chave = ${seq.key}`,
  );
  return code;
}

/**
 * Inserts a record under the next automatic code. `insert` must skip (return
 * undefined) when the code is taken — a code typed by hand into a save that is
 * still in flight — and the next code is tried: the user, who never chose a
 * code, never sees a collision.
 */
export async function insertWithNextCode<R>(
  tx: Tx,
  tenantId: number,
  seq: CodeSequence,
  insert: (codigo: string) => Promise<R | undefined>,
): Promise<R> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const row = await insert(await takeNextCode(tx, tenantId, seq));
    if (row !== undefined) return row;
  }
  throw conflict(MSG.conflitoConcorrente);
}
