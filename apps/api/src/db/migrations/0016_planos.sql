-- Decision 0069: the table says "planos" like every other table in the seeds' Portuguese. A rename keeps the rows,
-- the grants and every key that points at it; its own objects take the names a new "planos" table would get
-- (drizzle-kit's drop-and-add of the index and the foreign key replaced by renames; it does not compare the
-- identity's sequence or the primary key's name, renamed here so an old database matches a new one).
ALTER TABLE "plans" RENAME TO "planos";--> statement-breakpoint
ALTER TABLE "planos" RENAME CONSTRAINT "plans_pkey" TO "planos_pkey";--> statement-breakpoint
ALTER SEQUENCE "plans_id_seq" RENAME TO "planos_id_seq";--> statement-breakpoint
ALTER INDEX "plans_nome_uq" RENAME TO "planos_nome_uq";--> statement-breakpoint
ALTER TABLE "tenants" RENAME CONSTRAINT "tenants_plano_id_plans_id_fk" TO "tenants_plano_id_planos_id_fk";
