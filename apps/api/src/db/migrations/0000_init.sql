CREATE TABLE "cnpjs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cnpjs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"empresa_id" integer NOT NULL,
	"numero" varchar(14) NOT NULL,
	"tipo_numero_documento" varchar(4) DEFAULT 'cnpj' NOT NULL,
	"razao_social" varchar(150) NOT NULL,
	"telefone1" varchar(20),
	"telefone2" varchar(20),
	"celular" varchar(20),
	"codigo_contabil" varchar(15),
	"codigo_filial" varchar(3),
	"principal" boolean DEFAULT false NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "empresas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"nome" varchar(150) NOT NULL,
	"dia_inicio_fechamento" smallint DEFAULT 1 NOT NULL,
	"dia_final_fechamento" smallint DEFAULT 31 NOT NULL,
	"fuso_horario" varchar(64) DEFAULT 'America/Sao_Paulo' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(80) NOT NULL,
	"max_funcionarios" integer NOT NULL,
	"max_cnpjs" integer NOT NULL,
	"max_usuarios" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"plan_id" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfil_permissoes" (
	"tenant_id" integer NOT NULL,
	"perfil_id" integer NOT NULL,
	"codigo" integer NOT NULL,
	CONSTRAINT "perfil_permissoes_tenant_id_perfil_id_codigo_pk" PRIMARY KEY("tenant_id","perfil_id","codigo")
);
--> statement-breakpoint
CREATE TABLE "perfis" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perfis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"nome" varchar(80) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redefinicoes_senha" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redefinicoes_senha_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"tm" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"criada_em" timestamp with time zone NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogada_em" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "tentativas_login" (
	"chave" varchar(300) PRIMARY KEY NOT NULL,
	"janela_inicio" timestamp with time zone NOT NULL,
	"falhas" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_cnpjs" (
	"tenant_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	CONSTRAINT "usuario_cnpjs_tenant_id_usuario_id_cnpj_id_pk" PRIMARY KEY("tenant_id","usuario_id","cnpj_id")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"nome" varchar(100) NOT NULL,
	"nome_login" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"senha_hash" text NOT NULL,
	"perfil_id" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultimo_acesso" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"codigo" varchar(12) NOT NULL,
	"nome" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails_saida" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_saida_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"para" varchar(254) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"criado_em" timestamp with time zone NOT NULL,
	"enviado_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "log_operacoes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_operacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"usuario_id" integer,
	"data" timestamp with time zone NOT NULL,
	"login_usuario" varchar(254) NOT NULL,
	"nome_usuario" varchar(100) NOT NULL,
	"acao" varchar(20) NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "noticias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "noticias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" varchar(200) NOT NULL,
	"conteudo" text NOT NULL,
	"data_publicacao" varchar(10) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cnpjs" ADD CONSTRAINT "cnpjs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnpjs" ADD CONSTRAINT "cnpjs_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_permissoes" ADD CONSTRAINT "perfil_permissoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_permissoes" ADD CONSTRAINT "perfil_permissoes_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfis" ADD CONSTRAINT "perfis_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redefinicoes_senha" ADD CONSTRAINT "redefinicoes_senha_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redefinicoes_senha" ADD CONSTRAINT "redefinicoes_senha_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cnpjs" ADD CONSTRAINT "usuario_cnpjs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cnpjs" ADD CONSTRAINT "usuario_cnpjs_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cnpjs" ADD CONSTRAINT "usuario_cnpjs_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails_saida" ADD CONSTRAINT "emails_saida_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_operacoes" ADD CONSTRAINT "log_operacoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_operacoes" ADD CONSTRAINT "log_operacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cnpjs_tenant_numero_uq" ON "cnpjs" USING btree ("tenant_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_tenant_uq" ON "empresas" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "perfis_tenant_nome_uq" ON "perfis" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "redefinicoes_token_hash_uq" ON "redefinicoes_senha" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessoes_token_hash_uq" ON "sessoes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessoes_tenant_usuario_idx" ON "sessoes" USING btree ("tenant_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_uq" ON "usuarios" USING btree ("email");--> statement-breakpoint
CREATE INDEX "usuarios_tenant_idx" ON "usuarios" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cargos_tenant_codigo_uq" ON "cargos" USING btree ("tenant_id","codigo");--> statement-breakpoint
CREATE INDEX "cargos_tenant_nome_idx" ON "cargos" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE INDEX "log_operacoes_tenant_data_idx" ON "log_operacoes" USING btree ("tenant_id","data");--> statement-breakpoint
CREATE INDEX "noticias_data_idx" ON "noticias" USING btree ("data_publicacao");