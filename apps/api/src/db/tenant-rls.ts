import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { applyDdlIfChanged } from './ddl-if-changed.js';
import { pendenciasSql } from './pendencias.js';

/** The NOTIFY channel of document requests' changes (payload: the request's id). */
export const CANAL_SOLICITACAO_DOCUMENTO = 'jornada_solicitacao_documento';

/**
 * The database walls (architecture §3, issue 7 §14). Three roles:
 *
 * - the owner (the `DATABASE_URL` user) only migrates and sets these walls up;
 * - `jornada_app` runs every tenant request. On PostgreSQL it LOGS IN as
 *   itself, so it cannot `RESET ROLE` its way out; it may read and write only
 *   the tenant-owned tables (row-level security FORCED, keyed on a tenant it
 *   cannot change inside its transaction) and only read the global catalogue
 *   tables it needs (planos, noticias, its own tenant row);
 * - `jornada_sistema` is the narrow system path: login bookkeeping, sessions,
 *   outgoing mail and the provider's area. Only modules allowed by the
 *   lint rule may open it.
 *
 * The tenant of a transaction is not a settable GUC (any role may call
 * set_config): `jornada_definir_tenant` (SECURITY DEFINER) writes it once per
 * transaction into a temp table owned by the owner, which the app role can
 * neither write nor replace; the policies read it through `jornada_tenant()`.
 * The table keeps one row for the connection's life, stamped with the id of
 * the transaction that pinned it: a row of an earlier transaction names no
 * tenant. (It used to be emptied ON COMMIT, and that truncation cost more than
 * a whole list request's query: decision 0057.)
 *
 * PGlite has one superuser connection: the same code runs (withTenant does
 * SET LOCAL ROLE), but a statement injected there could RESET ROLE. That
 * limit is accepted for the embedded, single-machine database (README).
 */
export const APP_ROLE = 'jornada_app';
export const SYSTEM_ROLE = 'jornada_sistema';

/** Tables without tenant_id that the app role may read (never write). */
const GLOBAL_READ_BY_APP = ['planos', 'noticias', 'tenants', 'estados', 'cidades'];
/** Tables with a tenant_id that only the system path touches (sessions, reset links, mail). */
const SYSTEM_ONLY = ['sessoes', 'redefinicoes_senha', 'emails_saida'];

export interface WallOptions {
  /** Password for both login roles (PostgreSQL with password authentication). */
  rolePassword?: string | undefined;
}

/**
 * Idempotent; runs as the owner after the migrations at every start, so a
 * table added by a later migration is walled without anyone remembering to.
 *
 * The tables' part (row-level security, policies, grants, the dirty-day
 * triggers) takes an exclusive lock on every table in turn: run at each
 * start, a worker started beside a busy server deadlocked with its
 * requests. It runs only when its signature (its own SQL and what it left on
 * the tables: TABLE_WALLS_STATE_SQL) differs from the one it left, in a comment on
 * `jornada_tenant()` (db/ddl-if-changed.ts);
 * roles, passwords and the database's own grants (which a database made from
 * a template does not inherit) are set every time.
 */
export async function ensureDatabaseWalls(owner: Db, opts: WallOptions = {}): Promise<void> {
  await ensureRoles(owner, opts);
  const password = opts.rolePassword ? `'${opts.rolePassword.replaceAll("'", "''")}'` : 'NULL';
  await owner.execute(
    sql.raw(`
DO $$
BEGIN
  IF ${password} IS NOT NULL THEN
    EXECUTE format('ALTER ROLE ${APP_ROLE} PASSWORD %L', ${password});
    EXECUTE format('ALTER ROLE ${SYSTEM_ROLE} PASSWORD %L', ${password});
  END IF;

  -- Temp tables are how the tenant is pinned; nobody else needs them.
  BEGIN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  EXCEPTION WHEN others THEN NULL;
  END;
  BEGIN
    REVOKE CREATE ON SCHEMA public FROM PUBLIC;
  EXCEPTION WHEN others THEN NULL;
  END;
END $$;`),
  );
  await applyDdlIfChanged(
    // Both drivers answer a raw statement with its rows in `rows`.
    { executeSql: (texto) => owner.execute(sql.raw(texto)) as unknown as Promise<{ rows: Record<string, unknown>[] }> },
    {
      keptOn: 'FUNCTION jornada_tenant()',
      readSql: `obj_description(to_regprocedure('jornada_tenant()'), 'pg_proc')`,
      prefix: WALLS_SIGNATURE_PREFIX,
      statements: [TABLE_WALLS_SQL, pendenciasSql()],
      stateSql: TABLE_WALLS_STATE_SQL,
    },
  );
}

/**
 * What the walls leave on the public tables, one line per table: its identity (a table dropped and made again
 * by a migration is another table), whether it has `tenant_id`, row-level security enabled and forced, its
 * policies and its grants; and on the sequences, their grants (a serial column added to an old table brings
 * a sequence the roles may not use yet). Taken right after the walls ran and at each start: equal, nothing
 * has changed them.
 */
const TABLE_WALLS_STATE_SQL = `
SELECT string_agg(concat_ws(':', c.oid, c.relname,
         EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped),
         c.relrowsecurity, c.relforcerowsecurity,
         (SELECT string_agg(p.polname, '|' ORDER BY p.polname) FROM pg_policy p WHERE p.polrelid = c.oid),
         c.relacl::text), ',' ORDER BY c.relname) AS e
  FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'S')`;

/** What the comment on jornada_tenant() starts with: the walls' signature follows (ensureDatabaseWalls). */
const WALLS_SIGNATURE_PREFIX = 'muros ';

/** The walls of the tables (ensureDatabaseWalls), run only when they or the tables changed. */
const TABLE_WALLS_SQL = `
DO $$
DECLARE t record;
BEGIN
  REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT USAGE ON SCHEMA public TO ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}, ${SYSTEM_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${SYSTEM_ROLE};

  -- One row per connection, owned by the owner; xact says which transaction
  -- pinned it (pg_current_xact_id() is the top transaction's, so savepoints
  -- share it; xid8 never repeats). The UPDATE matches only a row pinned by
  -- another transaction, so a second pin in the same transaction finds none.
  CREATE OR REPLACE FUNCTION jornada_definir_tenant(t int) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
  BEGIN
    IF t IS NULL OR t <= 0 THEN
      RAISE EXCEPTION 'Cliente inválido para a transação' USING ERRCODE = '42501';
    END IF;
    IF to_regclass('pg_temp.jornada_contexto') IS NULL THEN
      CREATE TEMP TABLE jornada_contexto (tenant_id int NOT NULL, xact xid8);
      INSERT INTO pg_temp.jornada_contexto VALUES (0, NULL);
    ELSIF (SELECT c.relowner <> (SELECT r.oid FROM pg_roles r WHERE r.rolname = current_user)
             FROM pg_class c WHERE c.oid = 'pg_temp.jornada_contexto'::regclass) THEN
      RAISE EXCEPTION 'Contexto de cliente adulterado' USING ERRCODE = '42501';
    END IF;
    UPDATE pg_temp.jornada_contexto SET tenant_id = t, xact = pg_current_xact_id()
     WHERE xact IS DISTINCT FROM pg_current_xact_id();
    IF NOT FOUND THEN
      RAISE EXCEPTION 'O cliente desta transação já foi definido' USING ERRCODE = '42501';
    END IF;
  END $f$;

  CREATE OR REPLACE FUNCTION jornada_tenant() RETURNS int
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
  DECLARE r int;
  BEGIN
    IF to_regclass('pg_temp.jornada_contexto') IS NULL THEN RETURN NULL; END IF;
    SELECT tenant_id INTO r FROM pg_temp.jornada_contexto WHERE xact = pg_current_xact_id_if_assigned();
    RETURN r;
  END $f$;

  REVOKE ALL ON FUNCTION jornada_definir_tenant(int), jornada_tenant() FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION jornada_definir_tenant(int), jornada_tenant() TO ${APP_ROLE};

  FOR t IN
    SELECT tb.table_name,
           EXISTS (SELECT 1 FROM information_schema.columns c
                    WHERE c.table_schema = 'public' AND c.table_name = tb.table_name
                      AND c.column_name = 'tenant_id') AS tenant_owned
      FROM information_schema.tables tb
     WHERE tb.table_schema = 'public' AND tb.table_type = 'BASE TABLE'
  LOOP
    IF t.tenant_owned THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
      EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t.table_name);
      EXECUTE format('DROP POLICY IF EXISTS sistema ON %I', t.table_name);
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO ${APP_ROLE} USING (tenant_id = (SELECT jornada_tenant())) WITH CHECK (tenant_id = (SELECT jornada_tenant()))',
        t.table_name);
      EXECUTE format('CREATE POLICY sistema ON %I TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)', t.table_name);
      IF t.table_name <> ALL (ARRAY['${SYSTEM_ONLY.join("','")}']) THEN
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO ${APP_ROLE}', t.table_name);
      END IF;
    ELSIF t.table_name = ANY (ARRAY['${GLOBAL_READ_BY_APP.join("','")}']) THEN
      EXECUTE format('GRANT SELECT ON %I TO ${APP_ROLE}', t.table_name);
    END IF;
  END LOOP;

  -- A tenant sees its own row of the tenants table, nothing else.
  ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
  ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
  DROP POLICY IF EXISTS tenant_isolation ON tenants;
  DROP POLICY IF EXISTS sistema ON tenants;
  CREATE POLICY tenant_isolation ON tenants TO ${APP_ROLE} USING (id = (SELECT jornada_tenant()));
  CREATE POLICY sistema ON tenants TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true);

  -- News (decision 0017): a tenant reads the items for everyone and those
  -- aimed at it, never another tenant's; only the provider (system path) writes.
  ALTER TABLE noticias ENABLE ROW LEVEL SECURITY;
  ALTER TABLE noticias FORCE ROW LEVEL SECURITY;
  DROP POLICY IF EXISTS tenant_isolation ON noticias;
  DROP POLICY IF EXISTS sistema ON noticias;
  CREATE POLICY tenant_isolation ON noticias TO ${APP_ROLE}
    USING (tenant_alvo_id IS NULL OR tenant_alvo_id = (SELECT jornada_tenant()));
  CREATE POLICY sistema ON noticias TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true);

  -- Original punches are append-only (Portaria 671; issue 11 §1). Grants alone
  -- would not hold: PGlite runs everything as a superuser, so a trigger
  -- refuses UPDATE and DELETE for every role, the owner included.
  REVOKE UPDATE, DELETE ON marcacoes FROM ${APP_ROLE}, ${SYSTEM_ROLE};
  CREATE OR REPLACE FUNCTION jornada_marcacao_imutavel() RETURNS trigger
  LANGUAGE plpgsql AS $f$
  BEGIN
    RAISE EXCEPTION 'Marcações originais não podem ser alteradas nem excluídas'
      USING ERRCODE = '55000', HINT = 'marcacao_original_imutavel';
  END $f$;
  DROP TRIGGER IF EXISTS marcacoes_somente_insercao ON marcacoes;
  CREATE TRIGGER marcacoes_somente_insercao BEFORE UPDATE OR DELETE ON marcacoes
    FOR EACH ROW EXECUTE FUNCTION jornada_marcacao_imutavel();

  -- A document request that changes state or progress tells whoever follows it (decision 0080): the NOTIFY
  -- is delivered at commit, to every process listening on the channel (shared/mudancas.ts).
  CREATE OR REPLACE FUNCTION jornada_solicitacao_mudou() RETURNS trigger
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM pg_notify('${CANAL_SOLICITACAO_DOCUMENTO}', NEW.id::text);
    RETURN NULL;
  END $f$;
  DROP TRIGGER IF EXISTS solicitacoes_documento_mudou ON solicitacoes_documento;
  CREATE TRIGGER solicitacoes_documento_mudou AFTER UPDATE OF status, progresso ON solicitacoes_documento
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.progresso IS DISTINCT FROM NEW.progresso)
    EXECUTE FUNCTION jornada_solicitacao_mudou();
END $$;`;

/**
 * Roles are cluster-wide: parallel test databases may create them at the same
 * moment, hence the tolerated duplicates and one retry.
 */
async function ensureRoles(owner: Db, _opts: WallOptions): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await owner.execute(
        sql.raw(`
DO $$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['${APP_ROLE}', '${SYSTEM_ROLE}'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I LOGIN NOINHERIT', r);
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END;
    ELSIF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('ALTER ROLE %I LOGIN', r);
    END IF;
    -- The owner switches into the roles on PGlite and in tests.
    IF NOT pg_has_role(current_user, r, 'MEMBER') THEN
      EXECUTE format('GRANT %I TO %I', r, current_user);
    END IF;
  END LOOP;
END $$;`),
      );
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}
