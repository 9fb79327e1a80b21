import { sql } from 'drizzle-orm';
import { JOB_SCHEMA, type JobSql } from './job-schema.js';
import type { Tx } from './tenant-tx.js';

/**
 * Days not yet over (decision 0073). The calculation stores today and later
 * days of a period as open (flag `DIA_EM_ABERTO`: measured, not judged); they
 * must be calculated again once they end. Whoever stores open days asks, in
 * the same transaction, for one job of queue `dias-encerrados` for its tenant
 * at the tenant's next midnight; that job marks the days that have ended
 * dirty, and the dirty-row consumer recalculates them (and, the period still
 * holding open days, asks for the next midnight's job).
 *
 * The job is inserted by SQL, as the dirty-row trigger inserts its consumer
 * (db/pendencias-queue.ts): the calculation's unit of work has a transaction,
 * not the queue, and the demo seed calculates before the queue exists. The
 * queue's 'short' policy keeps at most one waiting job per tenant
 * (`singleton_key`), so a month recalculated a thousand times a day still
 * waits for one midnight job.
 */
export const DIAS_ENCERRADOS_QUEUE = 'dias-encerrados';

/** Creates the queue when missing (as the owner, at every start, after pg-boss's schema). Idempotent. */
export async function installDiasEncerradosQueue(owner: JobSql): Promise<void> {
  await owner.executeSql(
    `SELECT ${JOB_SCHEMA}.create_queue('${DIAS_ENCERRADOS_QUEUE}', '{"policy":"short"}'::json)
      WHERE NOT EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = '${DIAS_ENCERRADOS_QUEUE}')`,
    [],
  );
}

/**
 * Asks for the tenant's `dias-encerrados` job at `quando` (its next midnight), unless one is already
 * waiting. The tenant in the job's data is stamped by the database (decision 0041).
 */
export async function agendarEncerramentoDosDias(tx: Tx, tenantId: number, quando: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${sql.raw(JOB_SCHEMA)}.job (name, data, singleton_key, start_after, retry_limit, retry_delay, policy, expire_in)
    SELECT q.name, '{}'::jsonb, ${String(tenantId)}, ${quando.toISOString()}::timestamptz, 3, 60, q.policy,
           COALESCE(q.expire_seconds * interval '1 second', interval '15 minutes')
      FROM ${sql.raw(JOB_SCHEMA)}.queue q
     WHERE q.name = ${DIAS_ENCERRADOS_QUEUE}
    ON CONFLICT DO NOTHING`);
}
