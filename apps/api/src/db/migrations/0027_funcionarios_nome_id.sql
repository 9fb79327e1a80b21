DROP INDEX "funcionarios_tenant_cnpj_nome_idx";--> statement-breakpoint
CREATE INDEX "funcionarios_tenant_cnpj_nome_idx" ON "funcionarios" USING btree ("tenant_id","cnpj_id","ativo","nome","id");