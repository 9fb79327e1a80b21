import { applyDdlIfChanged } from './ddl-if-changed.js';
import { JOB_SCHEMA, type JobSql } from './job-schema.js';

/** The queue of the dirty-row consumer (modules/calculo/calculo.jobs.ts). */
export const PENDENCIAS_QUEUE = 'calculo-pendencias';

/**
 * How dirty employee-days reach their consumer (decision 0052): enqueued by
 * the database, after commit, once per tenant.
 *
 * - Triggers on `calculo_pendencias` (INSERT, UPDATE) insert one job of queue
 *   `calculo-pendencias` per tenant the transaction wrote rows for, straight
 *   into pg-boss's job table (which the tenant role may insert into, decision
 *   0041). The job commits with the rows or not at all — no write path can
 *   forget it, and nothing polls. The queue's 'stately' policy keeps at most
 *   one waiting job per tenant (`singleton_key` = the tenant): a burst of
 *   writes queues one consumer, and a write during a run queues the next.
 * - They are constraint triggers deferred to the commit (decision 0085): the
 *   job's row is unique per tenant, so a transaction that inserted it made
 *   every other writer of the tenant wait at that row until it committed —
 *   a day action inserted it at its change and then recalculated the month,
 *   and twenty operators' actions ran one at a time. Inserted at the commit,
 *   the row is held for the commit only. A flag local to the transaction
 *   makes every row after the first cost one setting read, and a transaction
 *   that consumed its own rows (a day action recalculates in the request)
 *   queues nothing.
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
    // A write stretches an unconsumed row (UPDATE) as often as it adds one: both queue the consumer. A constraint
    // trigger has no CREATE OR REPLACE: the drop and the create are one DO block, so no write falls between them.
    ([nome, evento]) => `
DO $d$ BEGIN
  DROP TRIGGER IF EXISTS ${nome} ON calculo_pendencias;
  CREATE CONSTRAINT TRIGGER ${nome} AFTER ${evento} ON calculo_pendencias
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION jornada_enfileirar_pendencias_no_commit();
END $d$`,
  );
  await applyDdlIfChanged(owner, {
    keptOn: 'FUNCTION jornada_enfileirar_pendencias_no_commit()',
    readSql: `obj_description(to_regprocedure('jornada_enfileirar_pendencias_no_commit()'), 'pg_proc')`,
    prefix: 'fila de pendências ',
    statements: [
      `
CREATE OR REPLACE FUNCTION jornada_enfileirar_pendencias_no_commit() RETURNS trigger
LANGUAGE plpgsql AS $f$
DECLARE
  marca text := 'jornada.pendencias_enfileiradas_' || NEW.tenant_id;
BEGIN
  -- Once per tenant and transaction: the job covers every dirty row of the tenant.
  IF current_setting(marca, true) = '1' THEN RETURN NULL; END IF;
  PERFORM set_config(marca, '1', true);
  -- Rows the transaction consumed itself (a day action recalculates in the request) need no consumer.
  IF NOT EXISTS (SELECT 1 FROM calculo_pendencias WHERE tenant_id = NEW.tenant_id) THEN RETURN NULL; END IF;
  ${job('(SELECT NEW.tenant_id AS tenant_id) AS deste')};
  RETURN NULL;
END $f$`,
      ...gatilhos,
      // The statement-level function of before decision 0085, once no trigger calls it.
      'DROP FUNCTION IF EXISTS jornada_enfileirar_pendencias()',
    ],
    // The table's identity (a migration may make it again) and its triggers; the function's body.
    stateSql: `
SELECT concat_ws(';', 'calculo_pendencias'::regclass::oid,
  (SELECT string_agg(concat_ws(':', t.tgname, t.tgenabled, t.tgtype, t.tgdeferrable, t.tginitdeferred,
                               t.tgfoid::regprocedure::text), ',' ORDER BY t.tgname)
     FROM pg_trigger t WHERE t.tgrelid = 'calculo_pendencias'::regclass AND NOT t.tgisinternal),
  (SELECT md5(prosrc) FROM pg_proc WHERE oid = to_regprocedure('jornada_enfileirar_pendencias_no_commit()'))) AS e`,
  });
  await owner.executeSql(job('calculo_pendencias'));
}
