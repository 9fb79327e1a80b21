-- A month's summary (calculo_resumos.resumo, ~2 KB of jsonb) is just past the size PostgreSQL compresses at, and
-- a holiday's recalculation of 10,000 employees rewrites 10,000 of them: measured, rewriting them took 0.55 s of
-- the server's CPU with pglz and 0.31 s with lz4 (issue 26). Values already stored keep pglz until they are written
-- again. A server built without lz4 (PGlite) keeps its default: the setting changes no stored value and no query.
DO $$
BEGIN
  ALTER TABLE "calculo_resumos" ALTER COLUMN "resumo" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
