import { applyDdlIfChanged } from './ddl-if-changed.js';
import { JOB_SCHEMA, type JobSql } from './job-schema.js';

/** The queue of the dirty-row consumer (modules/calculo/calculo.jobs.ts). */
export const PENDENCIAS_QUEUE = 'calculo-pendencias';

/**
 * How dirty employee-days reach their consumer (decision 0052): enqueued by
 * the database, after commit, once per tenant.
 *
 * - Statement-level triggers on `calculo_pendencias` (INSERT, UPDATE) insert one job of
 *   queue `calculo-pendencias` per tenant the statement wrote rows for,
 *   straight into pg-boss's job table (which the tenant role may insert into,
 *   decision 0041). The job commits with the rows or not at all — no write
 *   path can forget it, and nothing polls. The queue's 'stately' policy keeps
 *   at most one waiting job per tenant (`singleton_key` = the tenant): a
 *   burst of writes queues one consumer, and a write during a run queues the
 *   next.
 * - The queue is created here (not on the first `work`), so the trigger finds
 *   it during the demo seed too. Its expiry is the registration's
 *   (`calculo.jobs.ts`), kept on the queue: the job takes it from there, as
 *   pg-boss's own send does (decision 0066).
 * - At every start, one job per tenant that still has rows (written before
 *   the trigger existed, or left by a consumer that failed for good).
 *
 * Run by `openDatabase` as the owner, after pg-boss's schema; idempotent.
 */
export async function installPendenciasQueue(owner: JobSql): Promise<void> {
  const q = JOB_SCHEMA;
  const job = (origem: string) => `
    INSERT INTO ${q}.job (name, data, singleton_key, retry_limit, retry_delay, policy, expire_in)
    SELECT q.name, jsonb_build_object('tenantId', t.tenant_id), t.tenant_id::text, 3, 5, q.policy,
           COALESCE(q.expire_seconds * interval '1 second', interval '15 minutes')
      FROM (SELECT DISTINCT tenant_id FROM ${origem}) AS t
      JOIN ${q}.queue q ON q.name = '${PENDENCIAS_QUEUE}'
    ON CONFLICT DO NOTHING`;
  await owner.executeSql(
    `SELECT ${q}.create_queue('${PENDENCIAS_QUEUE}', '{"policy":"stately"}'::json)
      WHERE NOT EXISTS (SELECT 1 FROM ${q}.queue WHERE name = '${PENDENCIAS_QUEUE}')`,
  );
  // The function and its triggers only when changed (db/ddl-if-changed.ts): CREATE TRIGGER waits for every open
  // write to the dirty rows (an AFD import's, for a minute) and holds every new one behind it.
  const gatilhos = (
    [
      ['calculo_pendencias_enfileirar', 'INSERT'],
      ['calculo_pendencias_enfileirar_upd', 'UPDATE'],
    ] as const
  ).map(
    // A write stretches an unconsumed row (UPDATE) as often as it adds one: both queue the consumer. One
    // statement each (not DROP then CREATE): a process that finds them changed replaces them without a gap.
    ([nome, evento]) => `
CREATE OR REPLACE TRIGGER ${nome} AFTER ${evento} ON calculo_pendencias
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION jornada_enfileirar_pendencias()`,
  );
  await applyDdlIfChanged(owner, {
    keptOn: 'FUNCTION jornada_enfileirar_pendencias()',
    readSql: `obj_description(to_regprocedure('jornada_enfileirar_pendencias()'), 'pg_proc')`,
    prefix: 'fila de pendências ',
    statements: [
      `
CREATE OR REPLACE FUNCTION jornada_enfileirar_pendencias() RETURNS trigger
LANGUAGE plpgsql AS $f$
BEGIN
  ${job('novas')};
  RETURN NULL;
END $f$`,
      ...gatilhos,
    ],
    // The table's identity (a migration may make it again) and its triggers; the function's body.
    stateSql: `
SELECT concat_ws(';', 'calculo_pendencias'::regclass::oid,
  (SELECT string_agg(concat_ws(':', t.tgname, t.tgenabled, t.tgtype, t.tgfoid::regprocedure::text), ',' ORDER BY t.tgname)
     FROM pg_trigger t WHERE t.tgrelid = 'calculo_pendencias'::regclass AND NOT t.tgisinternal),
  (SELECT md5(prosrc) FROM pg_proc WHERE oid = to_regprocedure('jornada_enfileirar_pendencias()'))) AS e`,
  });
  await owner.executeSql(job('calculo_pendencias'));
}
