import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The database role tenant-scoped transactions run as. Row-level security is
 * the second wall behind the service checks (architecture §3): every table
 * with a `tenant_id` column gets a policy that lets this role see and write
 * only the rows of the tenant set in `app.tenant_id` for the transaction.
 * System paths (login, migrations, demo seed) run as the connecting owner,
 * which RLS does not restrict (ENABLE, not FORCE).
 */
export const APP_ROLE = 'jornada_app';

/**
 * Idempotent; runs after the migrations at every start, so a table added by
 * a later migration is covered without anyone remembering to write its policy.
 */
export async function ensureTenantPolicies(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
DO $$
DECLARE t record;
BEGIN
  BEGIN
    CREATE ROLE ${APP_ROLE} NOLOGIN;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
  EXCEPTION WHEN others THEN NULL;
  END;
  GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO ${APP_ROLE} USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int) WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int)',
        t.table_name);
    END IF;
  END LOOP;
END $$;`),
  );
}
