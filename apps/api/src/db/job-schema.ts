import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { applyDdlIfChanged } from './ddl-if-changed.js';
import { APP_ROLE, SYSTEM_ROLE } from './tenant-rls.js';

/** pg-boss's own schema: outside `public`, so the tenant walls' table loop never sees it (decision 0041). */
export const JOB_SCHEMA = 'pgboss';

/** The channel on which the job table announces new jobs, the queue's name as payload (issue 26 §1). */
export const JOB_WAKE_CHANNEL = 'jornada_tarefas';

/** How pg-boss talks to the database (its `db` option). */
export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** A connection that is no pool's: the session whose advisory locks name a job's owner (decision 0066). */
export interface JobSession extends JobSql {
  close(): Promise<void>;
}

/**
 * Subscribes to a NOTIFY channel on a connection that stays open for it;
 * answers the unsubscribe. The callback gets each notification's payload.
 */
export type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * A `$1 … $n` statement of pg-boss as a Drizzle query, so it can run inside a
 * Drizzle transaction on either driver (each placeholder becomes a bound
 * parameter; a repeated one is bound twice).
 */
export function sqlWithParams(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$([0-9]+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      const value = values[Number(part) - 1];
      chunks.push(sql`${value === undefined ? null : value}`);
    }
  });
  return sql.join(chunks);
}

/**
 * Creates or migrates pg-boss's schema (as the owner, at every start, like the
 * migrations), then walls it:
 *
 * - the tenant role and the system role may only enqueue (INSERT into the job
 *   table, read the queue settings and the new job's id) — never read, take
 *   or change other jobs; taking jobs is the owner's queue connection's work;
 * - a job enqueued by the tenant role is stamped with its transaction's tenant
 *   (`data.tenantId`, overwritten), so no tenant can queue work for another.
 */
export async function ensureJobSchema(owner: JobSql): Promise<void> {
  const boss = new PgBoss({ db: owner, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
  await applyDdlIfChanged(owner, {
    keptOn: `SCHEMA ${JOB_SCHEMA}`,
    readSql: `obj_description(to_regnamespace('${JOB_SCHEMA}'), 'pg_namespace')`,
    prefix: 'muros da fila ',
    statements: [JOB_WALLS_SQL],
    stateSql: JOB_WALLS_STATE_SQL,
  });
}

/**
 * The queue's walls (ensureJobSchema). The DROP TRIGGER on the partitioned
 * job table locks each partition (its copy of the trigger goes first) and
 * then the table itself, the reverse of every query's order: beside a
 * worker fetching jobs, that deadlocked. So the block takes the table first,
 * whole (a partitioned table's LOCK takes it, then its partitions), before
 * anything else; and it runs only when changed.
 */
const JOB_WALLS_SQL = `
DO $$
BEGIN
  LOCK TABLE ${JOB_SCHEMA}.job IN ACCESS EXCLUSIVE MODE;
  REVOKE ALL ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} FROM ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT SELECT ON ${JOB_SCHEMA}.queue TO ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT INSERT ON ${JOB_SCHEMA}.job TO ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT SELECT (id) ON ${JOB_SCHEMA}.job TO ${APP_ROLE}, ${SYSTEM_ROLE};

  CREATE OR REPLACE FUNCTION jornada_tarefa_do_cliente() RETURNS trigger
  LANGUAGE plpgsql AS $f$
  BEGIN
    IF current_user = '${APP_ROLE}' THEN
      IF jornada_tenant() IS NULL THEN
        RAISE EXCEPTION 'Tarefa enfileirada fora de um cliente' USING ERRCODE = '42501';
      END IF;
      NEW.data := jsonb_set(COALESCE(NEW.data, '{}'::jsonb), '{tenantId}', to_jsonb(jornada_tenant()));
    END IF;
    RETURN NEW;
  END $f$;
  DROP TRIGGER IF EXISTS jornada_tarefa_do_cliente ON ${JOB_SCHEMA}.job;
  CREATE TRIGGER jornada_tarefa_do_cliente BEFORE INSERT ON ${JOB_SCHEMA}.job
    FOR EACH ROW EXECUTE FUNCTION jornada_tarefa_do_cliente();

  -- Wake, don't poll (issue 26 §1): every statement that enqueues says which queues it fed on the channel
  -- JOB_WAKE_CHANNEL. A NOTIFY is delivered when its transaction commits, so an idle worker that LISTENs takes
  -- the job as soon as it can see it, whoever inserted it: a request's send, a trigger (dirty days), SQL.
  CREATE OR REPLACE FUNCTION jornada_tarefa_acordar() RETURNS trigger
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM pg_notify('${JOB_WAKE_CHANNEL}', n.name) FROM (SELECT DISTINCT name FROM novas) AS n;
    RETURN NULL;
  END $f$;
  DROP TRIGGER IF EXISTS jornada_tarefa_acordar ON ${JOB_SCHEMA}.job;
  CREATE TRIGGER jornada_tarefa_acordar AFTER INSERT ON ${JOB_SCHEMA}.job
    REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION jornada_tarefa_acordar();
END $$;`;

/**
 * What the queue's walls leave: pg-boss's schema version, the schema's and
 * its tables' grants (not the partitions': pg-boss adds one per new queue,
 * with no grant, which the roles never need — they write through the job
 * table), the job table's column grants, its triggers, and the stamping
 * function's body.
 */
const JOB_WALLS_STATE_SQL = `
SELECT concat_ws(';',
  (SELECT version::text FROM ${JOB_SCHEMA}.version),
  (SELECT nspacl::text FROM pg_namespace WHERE oid = '${JOB_SCHEMA}'::regnamespace),
  (SELECT string_agg(concat_ws(':', c.oid, c.relname, c.relacl::text), ',' ORDER BY c.relname)
     FROM pg_class c
    WHERE c.relnamespace = '${JOB_SCHEMA}'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'S') AND NOT c.relispartition),
  (SELECT string_agg(concat_ws(':', a.attname, a.attacl::text), ',' ORDER BY a.attname)
     FROM pg_attribute a WHERE a.attrelid = '${JOB_SCHEMA}.job'::regclass AND a.attacl IS NOT NULL),
  (SELECT string_agg(concat_ws(':', t.tgname, t.tgenabled, t.tgtype, t.tgfoid::regprocedure::text), ',' ORDER BY t.tgname)
     FROM pg_trigger t WHERE t.tgrelid = '${JOB_SCHEMA}.job'::regclass AND NOT t.tgisinternal),
  (SELECT md5(prosrc) FROM pg_proc WHERE oid = to_regprocedure('jornada_tarefa_do_cliente()')),
  (SELECT md5(prosrc) FROM pg_proc WHERE oid = to_regprocedure('jornada_tarefa_acordar()'))) AS e`;
