CREATE TABLE "solicitacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "solicitacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"dispositivo_id" integer,
	"client_id" uuid,
	"origem" varchar(30) NOT NULL,
	"data_ponto" date NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"itens" jsonb NOT NULL,
	"observacao" varchar(300),
	"status" varchar(12) DEFAULT 'PENDENTE' NOT NULL,
	"observacao_aprovacao" varchar(300),
	"usuario_aprovacao_id" integer,
	"usuario_aprovacao_nome" varchar(100),
	"data_aprovacao" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dispositivos_online" ADD COLUMN "token_hash" char(64);--> statement-breakpoint
ALTER TABLE "dispositivos_online" ADD COLUMN "instalacao" jsonb;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes" ADD CONSTRAINT "solicitacoes_dispositivo_id_dispositivos_online_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."dispositivos_online"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "solicitacoes_dispositivo_cliente_uq" ON "solicitacoes" USING btree ("dispositivo_id","client_id");--> statement-breakpoint
CREATE INDEX "solicitacoes_funcionario_dia_idx" ON "solicitacoes" USING btree ("tenant_id","funcionario_id","data_ponto");--> statement-breakpoint
CREATE INDEX "solicitacoes_pendentes_idx" ON "solicitacoes" USING btree ("tenant_id","funcionario_id","data_ponto") WHERE status = 'PENDENTE';--> statement-breakpoint
CREATE INDEX "solicitacoes_cnpj_status_dia_idx" ON "solicitacoes" USING btree ("tenant_id","cnpj_id","status","data_ponto");--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_online_token_uq" ON "dispositivos_online" USING btree ("token_hash");