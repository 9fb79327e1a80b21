CREATE TABLE "funcionario_palavras" (
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"palavra" varchar(200) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "busca" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, lower(translate("funcionarios"."nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy')) || ' ' || "funcionarios"."cracha" || ' ' || ltrim("funcionarios"."cracha", '0') || ' ' || "funcionarios"."cpf" || ' ' || coalesce("funcionarios"."pis", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "funcionario_palavras" ADD CONSTRAINT "funcionario_palavras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_palavras" ADD CONSTRAINT "funcionario_palavras_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funcionario_palavras_busca_idx" ON "funcionario_palavras" USING btree ("tenant_id",("palavra" COLLATE "C"),"funcionario_id");--> statement-breakpoint
CREATE INDEX "funcionario_palavras_funcionario_idx" ON "funcionario_palavras" USING btree ("tenant_id","funcionario_id");