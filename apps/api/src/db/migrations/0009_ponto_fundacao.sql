CREATE TABLE "afd_importacoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "afd_importacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"solicitacao_id" bigint,
	"portaria" varchar(4) NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date NOT NULL,
	"arquivo" varchar(300) NOT NULL,
	"linhas_processadas" integer DEFAULT 0 NOT NULL,
	"resultado" jsonb,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ajustes_parciais" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ajustes_parciais_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"dia" date NOT NULL,
	"codigo_evento" varchar(10) NOT NULL,
	"inicio" timestamp NOT NULL,
	"fim" timestamp NOT NULL,
	"justificativa_id" integer NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ajustes_parciais_evento_ck" CHECK ("ajustes_parciais"."codigo_evento" IN ('falta','fm','atraso','saida','excesso')),
	CONSTRAINT "ajustes_parciais_intervalo_ck" CHECK ("ajustes_parciais"."fim" > "ajustes_parciais"."inicio")
);
--> statement-breakpoint
CREATE TABLE "banco_horas_lancamentos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banco_horas_lancamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data" date NOT NULL,
	"minutos" integer NOT NULL,
	"negativo" boolean DEFAULT false NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banco_horas_lancamentos_minutos_ck" CHECK ("banco_horas_lancamentos"."minutos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "banco_horas_redefinicoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banco_horas_redefinicoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"mes" date NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banco_horas_redefinicoes_mes_ck" CHECK (extract(day from "banco_horas_redefinicoes"."mes") = 1)
);
--> statement-breakpoint
CREATE TABLE "calculo_pendencias" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calculo_pendencias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date NOT NULL,
	"motivo" varchar(60) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculo_pendencias_datas_ck" CHECK ("calculo_pendencias"."data_final" >= "calculo_pendencias"."data_inicio")
);
--> statement-breakpoint
CREATE TABLE "feriado_exclusoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feriado_exclusoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data" date NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folgas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folgas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data" date NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marcacao_funcionarios" (
	"tenant_id" integer NOT NULL,
	"marcacao_id" bigint NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data_hora" timestamp NOT NULL,
	"origem" char(1) NOT NULL,
	CONSTRAINT "marcacao_funcionarios_marcacao_id_funcionario_id_pk" PRIMARY KEY("marcacao_id","funcionario_id")
);
--> statement-breakpoint
CREATE TABLE "marcacao_tratamentos" (
	"tenant_id" integer NOT NULL,
	"marcacao_id" bigint NOT NULL,
	"funcionario_id" integer NOT NULL,
	"descartada" boolean DEFAULT false NOT NULL,
	"mover_dia" smallint DEFAULT 0 NOT NULL,
	"justificativa_id" integer,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marcacao_tratamentos_marcacao_id_funcionario_id_pk" PRIMARY KEY("marcacao_id","funcionario_id"),
	CONSTRAINT "marcacao_tratamentos_mover_ck" CHECK ("marcacao_tratamentos"."mover_dia" BETWEEN -1 AND 1)
);
--> statement-breakpoint
CREATE TABLE "marcacoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marcacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"origem" char(1) NOT NULL,
	"relogio" varchar(30),
	"nsr" bigint NOT NULL,
	"data_hora" timestamp NOT NULL,
	"fuso" varchar(40) NOT NULL,
	"instante" timestamp with time zone,
	"deslocamento" varchar(6),
	"identificador" varchar(14) NOT NULL,
	"importacao_id" bigint,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marcacoes_origem_ck" CHECK ("marcacoes"."origem" IN ('R','P'))
);
--> statement-breakpoint
CREATE TABLE "marcacoes_inseridas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marcacoes_inseridas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data_hora" timestamp NOT NULL,
	"justificativa_id" integer NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mudancas_horario" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mudancas_horario_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"dia" date NOT NULL,
	"entrada1" varchar(5),
	"saida1" varchar(5),
	"entrada2" varchar(5),
	"saida2" varchar(5),
	"entrada3" varchar(5),
	"saida3" varchar(5),
	"justificativa_id" integer,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocorrencias" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ocorrencias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date NOT NULL,
	"justificativa_id" integer NOT NULL,
	"abrange_faltas" boolean DEFAULT false NOT NULL,
	"abrange_falta_marcacao" boolean DEFAULT false NOT NULL,
	"abrange_atrasos" boolean DEFAULT false NOT NULL,
	"abrange_saida_antecipada" boolean DEFAULT false NOT NULL,
	"abrange_excesso_refeicao" boolean DEFAULT false NOT NULL,
	"observacao" varchar(300),
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocorrencias_datas_ck" CHECK ("ocorrencias"."data_final" >= "ocorrencias"."data_inicio")
);
--> statement-breakpoint
CREATE TABLE "periodos_funcionario" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "periodos_funcionario_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date NOT NULL,
	"fechado" boolean DEFAULT false NOT NULL,
	"concluido" boolean DEFAULT false NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_documento" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "solicitacoes_documento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_id" integer,
	"cnpj_id" integer,
	"nome" varchar(100) NOT NULL,
	"servico" varchar(60) NOT NULL,
	"nome_documento" varchar(200),
	"nome_arquivo" varchar(255),
	"tipo_documento" varchar(10),
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'FILA' NOT NULL,
	"mensagem" text,
	"progresso" smallint DEFAULT 0 NOT NULL,
	"arquivo" varchar(300),
	"data_validade_link" timestamp with time zone,
	"solicitado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"inicio_processamento" timestamp with time zone,
	"fim_processamento" timestamp with time zone,
	CONSTRAINT "solicitacoes_documento_status_ck" CHECK ("solicitacoes_documento"."status" IN ('FILA','PROCESSANDO','PROCESSADO','ERRO')),
	CONSTRAINT "solicitacoes_documento_progresso_ck" CHECK ("solicitacoes_documento"."progresso" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "afd_importacoes" ADD CONSTRAINT "afd_importacoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afd_importacoes" ADD CONSTRAINT "afd_importacoes_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afd_importacoes" ADD CONSTRAINT "afd_importacoes_solicitacao_id_solicitacoes_documento_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_documento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_parciais" ADD CONSTRAINT "ajustes_parciais_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_parciais" ADD CONSTRAINT "ajustes_parciais_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_parciais" ADD CONSTRAINT "ajustes_parciais_justificativa_id_justificativas_id_fk" FOREIGN KEY ("justificativa_id") REFERENCES "public"."justificativas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_parciais" ADD CONSTRAINT "ajustes_parciais_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_horas_lancamentos" ADD CONSTRAINT "banco_horas_lancamentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_horas_lancamentos" ADD CONSTRAINT "banco_horas_lancamentos_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_horas_lancamentos" ADD CONSTRAINT "banco_horas_lancamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_horas_redefinicoes" ADD CONSTRAINT "banco_horas_redefinicoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_horas_redefinicoes" ADD CONSTRAINT "banco_horas_redefinicoes_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_horas_redefinicoes" ADD CONSTRAINT "banco_horas_redefinicoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculo_pendencias" ADD CONSTRAINT "calculo_pendencias_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculo_pendencias" ADD CONSTRAINT "calculo_pendencias_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_exclusoes" ADD CONSTRAINT "feriado_exclusoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_exclusoes" ADD CONSTRAINT "feriado_exclusoes_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_exclusoes" ADD CONSTRAINT "feriado_exclusoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folgas" ADD CONSTRAINT "folgas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folgas" ADD CONSTRAINT "folgas_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folgas" ADD CONSTRAINT "folgas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_funcionarios" ADD CONSTRAINT "marcacao_funcionarios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_funcionarios" ADD CONSTRAINT "marcacao_funcionarios_marcacao_id_marcacoes_id_fk" FOREIGN KEY ("marcacao_id") REFERENCES "public"."marcacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_funcionarios" ADD CONSTRAINT "marcacao_funcionarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_tratamentos" ADD CONSTRAINT "marcacao_tratamentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_tratamentos" ADD CONSTRAINT "marcacao_tratamentos_marcacao_id_marcacoes_id_fk" FOREIGN KEY ("marcacao_id") REFERENCES "public"."marcacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_tratamentos" ADD CONSTRAINT "marcacao_tratamentos_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_tratamentos" ADD CONSTRAINT "marcacao_tratamentos_justificativa_id_justificativas_id_fk" FOREIGN KEY ("justificativa_id") REFERENCES "public"."justificativas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacao_tratamentos" ADD CONSTRAINT "marcacao_tratamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes" ADD CONSTRAINT "marcacoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes" ADD CONSTRAINT "marcacoes_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes" ADD CONSTRAINT "marcacoes_importacao_id_afd_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."afd_importacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes_inseridas" ADD CONSTRAINT "marcacoes_inseridas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes_inseridas" ADD CONSTRAINT "marcacoes_inseridas_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes_inseridas" ADD CONSTRAINT "marcacoes_inseridas_justificativa_id_justificativas_id_fk" FOREIGN KEY ("justificativa_id") REFERENCES "public"."justificativas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcacoes_inseridas" ADD CONSTRAINT "marcacoes_inseridas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_horario" ADD CONSTRAINT "mudancas_horario_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_horario" ADD CONSTRAINT "mudancas_horario_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_horario" ADD CONSTRAINT "mudancas_horario_justificativa_id_justificativas_id_fk" FOREIGN KEY ("justificativa_id") REFERENCES "public"."justificativas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_horario" ADD CONSTRAINT "mudancas_horario_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias" ADD CONSTRAINT "ocorrencias_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias" ADD CONSTRAINT "ocorrencias_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias" ADD CONSTRAINT "ocorrencias_justificativa_id_justificativas_id_fk" FOREIGN KEY ("justificativa_id") REFERENCES "public"."justificativas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias" ADD CONSTRAINT "ocorrencias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodos_funcionario" ADD CONSTRAINT "periodos_funcionario_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodos_funcionario" ADD CONSTRAINT "periodos_funcionario_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodos_funcionario" ADD CONSTRAINT "periodos_funcionario_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_documento" ADD CONSTRAINT "solicitacoes_documento_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_documento" ADD CONSTRAINT "solicitacoes_documento_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_documento" ADD CONSTRAINT "solicitacoes_documento_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "afd_importacoes_tenant_cnpj_idx" ON "afd_importacoes" USING btree ("tenant_id","cnpj_id","criado_em");--> statement-breakpoint
CREATE INDEX "ajustes_parciais_funcionario_idx" ON "ajustes_parciais" USING btree ("tenant_id","funcionario_id","dia");--> statement-breakpoint
CREATE INDEX "banco_horas_lancamentos_funcionario_idx" ON "banco_horas_lancamentos" USING btree ("tenant_id","funcionario_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "banco_horas_redefinicoes_uq" ON "banco_horas_redefinicoes" USING btree ("tenant_id","funcionario_id","mes");--> statement-breakpoint
CREATE INDEX "calculo_pendencias_funcionario_idx" ON "calculo_pendencias" USING btree ("tenant_id","funcionario_id","data_inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "feriado_exclusoes_uq" ON "feriado_exclusoes" USING btree ("tenant_id","funcionario_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "folgas_funcionario_data_uq" ON "folgas" USING btree ("tenant_id","funcionario_id","data");--> statement-breakpoint
CREATE INDEX "marcacao_funcionarios_funcionario_idx" ON "marcacao_funcionarios" USING btree ("tenant_id","funcionario_id","data_hora");--> statement-breakpoint
CREATE INDEX "marcacao_tratamentos_funcionario_idx" ON "marcacao_tratamentos" USING btree ("tenant_id","funcionario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marcacoes_origem_uq" ON "marcacoes" USING btree ("tenant_id",coalesce("relogio", '#' || "cnpj_id"::text),"nsr","data_hora","identificador");--> statement-breakpoint
CREATE INDEX "marcacoes_tenant_identificador_idx" ON "marcacoes" USING btree ("tenant_id","identificador","data_hora");--> statement-breakpoint
CREATE INDEX "marcacoes_importacao_idx" ON "marcacoes" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "marcacoes_inseridas_funcionario_idx" ON "marcacoes_inseridas" USING btree ("tenant_id","funcionario_id","data_hora");--> statement-breakpoint
CREATE UNIQUE INDEX "mudancas_horario_funcionario_dia_uq" ON "mudancas_horario" USING btree ("tenant_id","funcionario_id","dia");--> statement-breakpoint
CREATE INDEX "ocorrencias_funcionario_idx" ON "ocorrencias" USING btree ("tenant_id","funcionario_id","data_inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "periodos_funcionario_uq" ON "periodos_funcionario" USING btree ("tenant_id","funcionario_id","data_inicio");--> statement-breakpoint
CREATE INDEX "solicitacoes_documento_tenant_cnpj_idx" ON "solicitacoes_documento" USING btree ("tenant_id","cnpj_id","solicitado_em");