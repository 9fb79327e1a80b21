import { createHash } from 'node:crypto';

/**
 * DDL that every process start brings up to date, run only when it changed
 * (decisions 0062 and 0063).
 *
 * Start-up runs beside busy processes on one PostgreSQL (the HTTP server and
 * any number of `npm run worker`). DDL on a table in use waits for every open
 * transaction on it, makes every new one queue behind it, and, where it
 * reaches a table's lock after a lock on one of its parts (DROP TRIGGER on a
 * partitioned table: the partitions' triggers go first), deadlocks with the
 * queries that lock the table first: a worker starting beside a busy one
 * killed the other's job fetch, and a test's read of the queue, as the
 * deadlock's victim. So each block of start-up DDL keeps a signature — a
 * SHA-256 of its statements and of what they left in the database, read
 * right after they ran — in a comment, and runs again only when the
 * statements or that state differ: after an upgrade, on a new database, or
 * when someone undid a part of it by hand.
 */
export interface DdlIfChanged {
  /** The object that keeps the signature, as `COMMENT ON` names it: `FUNCTION jornada_tenant()`, `SCHEMA pgboss`. */
  keptOn: string;
  /** An SQL expression reading that comment (NULL while the object does not exist yet). */
  readSql: string;
  /** What the comment starts with (says whose signature it is to someone reading the catalogue). */
  prefix: string;
  /** The statements, run in order. */
  statements: readonly string[];
  /** A query answering one row with one text column `e`: the state the statements leave. */
  stateSql: string;
}

/** Runs one SQL text as the owner: the job queue's `JobSql` as it is; a Drizzle database wrapped (tenant-rls.ts). */
export interface SqlExecutor {
  executeSql(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Runs the block when its signature changed; answers whether it ran. */
export async function applyDdlIfChanged(owner: SqlExecutor, ddl: DdlIfChanged): Promise<boolean> {
  const run = async (text: string) => (await owner.executeSql(text)).rows;
  const signature = async () => {
    const [row] = await run(ddl.stateSql);
    const state = String(row?.e ?? '');
    return `${ddl.prefix}${createHash('sha256')
      .update([...ddl.statements, state].join('\u0000'))
      .digest('hex')}`;
  };
  const [stored] = await run(`SELECT ${ddl.readSql} AS c`);
  if (stored?.c === (await signature())) return false;
  for (const statement of ddl.statements) await run(statement);
  await run(`COMMENT ON ${ddl.keptOn} IS '${await signature()}'`);
  return true;
}
