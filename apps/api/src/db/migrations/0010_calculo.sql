CREATE TABLE "calculo_dias" (
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"dia" date NOT NULL,
	"periodo_inicio" date NOT NULL,
	"cnpj_id" integer NOT NULL,
	"centro_custo_id" integer NOT NULL,
	"cargo_id" integer,
	"escala_id" integer,
	"tipo_dia" varchar(8) NOT NULL,
	"afastado" boolean NOT NULL,
	"irregular" boolean NOT NULL,
	"planejado" integer NOT NULL,
	"trabalhado" integer NOT NULL,
	"normal" integer NOT NULL,
	"atraso" integer NOT NULL,
	"saida_antecipada" integer NOT NULL,
	"falta" integer NOT NULL,
	"excesso_intervalo" integer NOT NULL,
	"falta_marcacao" integer NOT NULL,
	"falta_marcacao_flag" boolean NOT NULL,
	"horas_extras" integer NOT NULL,
	"noturno_reduzido" integer NOT NULL,
	"interjornada" integer NOT NULL,
	"intervalo_suprimido" integer NOT NULL,
	"abono" integer NOT NULL,
	"banco_credito" integer NOT NULL,
	"banco_debito" integer NOT NULL,
	"horas_faltantes" integer NOT NULL,
	"resultado" jsonb NOT NULL,
	CONSTRAINT "calculo_dias_tenant_id_funcionario_id_dia_pk" PRIMARY KEY("tenant_id","funcionario_id","dia")
);
--> statement-breakpoint
CREATE TABLE "calculo_execucoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calculo_execucoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_id" integer,
	"cnpj_id" integer,
	"modo" varchar(8) NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date NOT NULL,
	"parametros" jsonb NOT NULL,
	"total" integer NOT NULL,
	"calculados" integer DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'FILA' NOT NULL,
	"mensagem" text,
	"solicitado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"inicio_processamento" timestamp with time zone,
	"fim_processamento" timestamp with time zone,
	CONSTRAINT "calculo_execucoes_status_ck" CHECK ("calculo_execucoes"."status" IN ('FILA','PROCESSANDO','PROCESSADO','ERRO')),
	CONSTRAINT "calculo_execucoes_modo_ck" CHECK ("calculo_execucoes"."modo" IN ('simples','flexivel')),
	CONSTRAINT "calculo_execucoes_calculados_ck" CHECK ("calculo_execucoes"."calculados" BETWEEN 0 AND "calculo_execucoes"."total")
);
--> statement-breakpoint
CREATE TABLE "calculo_resumos" (
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"periodo_inicio" date NOT NULL,
	"periodo_fim" date NOT NULL,
	"ano" smallint NOT NULL,
	"mes" smallint NOT NULL,
	"cnpj_id" integer NOT NULL,
	"dias_trabalhados" integer NOT NULL,
	"jornada" integer NOT NULL,
	"jornada_e_abono" integer NOT NULL,
	"horas_extras" integer NOT NULL,
	"qtd_faltas" integer NOT NULL,
	"qtd_atrasos" integer NOT NULL,
	"qtd_saidas_antecipadas" integer NOT NULL,
	"qtd_excesso_refeicao" integer NOT NULL,
	"qtd_falta_marcacao" integer NOT NULL,
	"qtd_interjornada" integer NOT NULL,
	"saldo_anterior_bh" integer,
	"saldo_final_bh" integer,
	"resumo" jsonb NOT NULL,
	"calculado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculo_resumos_tenant_id_funcionario_id_periodo_inicio_pk" PRIMARY KEY("tenant_id","funcionario_id","periodo_inicio")
);
--> statement-breakpoint
CREATE TABLE "calculo_semanas" (
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"periodo_inicio" date NOT NULL,
	"segunda" date NOT NULL,
	"dsr_pago" integer NOT NULL,
	"dsr_debito" integer NOT NULL,
	"periodo_lancamento" varchar(7),
	"resultado" jsonb NOT NULL,
	CONSTRAINT "calculo_semanas_tenant_id_funcionario_id_periodo_inicio_segunda_pk" PRIMARY KEY("tenant_id","funcionario_id","periodo_inicio","segunda")
);
--> statement-breakpoint
ALTER TABLE "calculo_execucoes" ADD CONSTRAINT "calculo_execucoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculo_execucoes" ADD CONSTRAINT "calculo_execucoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculo_execucoes" ADD CONSTRAINT "calculo_execucoes_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculo_resumos" ADD CONSTRAINT "calculo_resumos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculo_resumos" ADD CONSTRAINT "calculo_resumos_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calculo_execucoes_tenant_idx" ON "calculo_execucoes" USING btree ("tenant_id","solicitado_em");--> statement-breakpoint
CREATE INDEX "calculo_resumos_periodo_idx" ON "calculo_resumos" USING btree ("tenant_id","ano","mes","funcionario_id");