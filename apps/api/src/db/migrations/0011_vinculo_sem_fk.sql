ALTER TABLE "marcacao_funcionarios" DROP CONSTRAINT "marcacao_funcionarios_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "marcacao_funcionarios" DROP CONSTRAINT "marcacao_funcionarios_marcacao_id_marcacoes_id_fk";
