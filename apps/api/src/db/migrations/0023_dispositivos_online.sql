CREATE TABLE "dispositivos_online" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dispositivos_online_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"tipo" varchar(3) NOT NULL,
	"descricao" varchar(120) NOT NULL,
	"permissoes" jsonb NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone,
	"data_ativacao" timestamp with time zone,
	"data_ultima_sincronia" timestamp with time zone,
	"codigo_ativacao_hash" char(64),
	"codigo_ativacao_cifrado" text,
	"codigo_ativacao_expira" timestamp with time zone,
	"codigo_senha_hash" char(64),
	"codigo_senha_expira" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dispositivos_online" ADD CONSTRAINT "dispositivos_online_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispositivos_online" ADD CONSTRAINT "dispositivos_online_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispositivos_online" ADD CONSTRAINT "dispositivos_online_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_online_funcionario_tipo_uq" ON "dispositivos_online" USING btree ("tenant_id","funcionario_id","tipo");--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_online_codigo_uq" ON "dispositivos_online" USING btree ("codigo_ativacao_hash");--> statement-breakpoint
CREATE INDEX "dispositivos_online_cnpj_idx" ON "dispositivos_online" USING btree ("tenant_id","cnpj_id");