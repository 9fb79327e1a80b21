CREATE TABLE "autorizacoes_suporte" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autorizacoes_suporte_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_id" integer,
	"autoriza_por" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"data_cadastro" timestamp with time zone NOT NULL,
	"data_final" varchar(10) NOT NULL,
	"fechado" boolean DEFAULT false NOT NULL,
	"ref_acesso_hash" varchar(64),
	"ref_acesso_expira_em" timestamp with time zone,
	"ref_acesso_usado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_dispositivos_moveis" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_dispositivos_web" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "provedor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "autorizacao_suporte_id" integer;--> statement-breakpoint
ALTER TABLE "noticias" ADD COLUMN "tenant_alvo_id" integer;--> statement-breakpoint
ALTER TABLE "autorizacoes_suporte" ADD CONSTRAINT "autorizacoes_suporte_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacoes_suporte" ADD CONSTRAINT "autorizacoes_suporte_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizacoes_suporte_tenant_data_idx" ON "autorizacoes_suporte" USING btree ("tenant_id","data_cadastro");--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_tenant_alvo_id_tenants_id_fk" FOREIGN KEY ("tenant_alvo_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_nome_uq" ON "plans" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "noticias_alvo_idx" ON "noticias" USING btree ("tenant_alvo_id");