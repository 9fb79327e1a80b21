CREATE TABLE "coletor_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coletor_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_app_id" integer NOT NULL,
	"hash" char(64) NOT NULL,
	"senha_marca" char(32) NOT NULL,
	"maquina" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coletor_tokens" ADD CONSTRAINT "coletor_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coletor_tokens" ADD CONSTRAINT "coletor_tokens_usuario_app_id_usuarios_app_id_fk" FOREIGN KEY ("usuario_app_id") REFERENCES "public"."usuarios_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coletor_tokens_hash_uq" ON "coletor_tokens" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "coletor_tokens_usuario_idx" ON "coletor_tokens" USING btree ("tenant_id","usuario_app_id");