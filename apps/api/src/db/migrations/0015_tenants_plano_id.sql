-- Decision 0069: the column says "plano" like every other column in the seeds' Portuguese. A rename keeps the values
-- and the foreign key; the key takes the name drizzle-kit gives it for the renamed column.
ALTER TABLE "tenants" RENAME COLUMN "plan_id" TO "plano_id";--> statement-breakpoint
ALTER TABLE "tenants" RENAME CONSTRAINT "tenants_plan_id_plans_id_fk" TO "tenants_plano_id_plans_id_fk";
