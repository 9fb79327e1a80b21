CREATE TABLE "escala_ciclos_listas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escala_ciclos_listas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"ciclos" jsonb NOT NULL,
	"quantidade" smallint NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escala_versoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escala_versoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"escala_id" integer NOT NULL,
	"valida_desde" date NOT NULL,
	"configuracao" jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_por" integer
);
--> statement-breakpoint
CREATE TABLE "escalas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escalas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"tipo" varchar(3) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionario_afastamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funcionario_afastamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"motivo_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date
);
--> statement-breakpoint
CREATE TABLE "funcionario_cargos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funcionario_cargos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"cargo_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date
);
--> statement-breakpoint
CREATE TABLE "funcionario_escalas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funcionario_escalas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"escala_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_final" date
);
--> statement-breakpoint
CREATE TABLE "funcionario_fotos" (
	"funcionario_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"imagem" "bytea" NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionario_importacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"usuario_id" integer,
	"cnpj_id" integer NOT NULL,
	"dados" jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funcionarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"centro_custo_id" integer NOT NULL,
	"nome" varchar(50) NOT NULL,
	"nome_curto" varchar(12),
	"data_nascimento" date,
	"cpf" varchar(11) NOT NULL,
	"pis" varchar(11),
	"email" varchar(50),
	"cracha" varchar(14) NOT NULL,
	"registro" varchar(20) NOT NULL,
	"data_admissao" date NOT NULL,
	"data_demissao" date,
	"data_ativacao" date NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"senha_teclado" varchar(4),
	"dupla_verificacao" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escala_ciclos_listas" ADD CONSTRAINT "escala_ciclos_listas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_versoes" ADD CONSTRAINT "escala_versoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_versoes" ADD CONSTRAINT "escala_versoes_escala_id_escalas_id_fk" FOREIGN KEY ("escala_id") REFERENCES "public"."escalas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_versoes" ADD CONSTRAINT "escala_versoes_criado_por_usuarios_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalas" ADD CONSTRAINT "escalas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_afastamentos" ADD CONSTRAINT "funcionario_afastamentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_afastamentos" ADD CONSTRAINT "funcionario_afastamentos_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_afastamentos" ADD CONSTRAINT "funcionario_afastamentos_motivo_id_motivos_afastamento_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."motivos_afastamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_cargos" ADD CONSTRAINT "funcionario_cargos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_cargos" ADD CONSTRAINT "funcionario_cargos_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_cargos" ADD CONSTRAINT "funcionario_cargos_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_escalas" ADD CONSTRAINT "funcionario_escalas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_escalas" ADD CONSTRAINT "funcionario_escalas_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_escalas" ADD CONSTRAINT "funcionario_escalas_escala_id_escalas_id_fk" FOREIGN KEY ("escala_id") REFERENCES "public"."escalas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_fotos" ADD CONSTRAINT "funcionario_fotos_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_fotos" ADD CONSTRAINT "funcionario_fotos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_importacoes" ADD CONSTRAINT "funcionario_importacoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_importacoes" ADD CONSTRAINT "funcionario_importacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_importacoes" ADD CONSTRAINT "funcionario_importacoes_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_centro_custo_id_centros_custo_id_fk" FOREIGN KEY ("centro_custo_id") REFERENCES "public"."centros_custo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escala_ciclos_listas_tenant_idx" ON "escala_ciclos_listas" USING btree ("tenant_id","descricao");--> statement-breakpoint
CREATE UNIQUE INDEX "escala_versoes_escala_data_uq" ON "escala_versoes" USING btree ("tenant_id","escala_id","valida_desde");--> statement-breakpoint
CREATE UNIQUE INDEX "escalas_tenant_descricao_uq" ON "escalas" USING btree ("tenant_id",lower("descricao"));--> statement-breakpoint
CREATE INDEX "funcionario_afastamentos_funcionario_idx" ON "funcionario_afastamentos" USING btree ("tenant_id","funcionario_id","data_inicio");--> statement-breakpoint
CREATE INDEX "funcionario_afastamentos_motivo_idx" ON "funcionario_afastamentos" USING btree ("tenant_id","motivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funcionario_cargos_atual_uq" ON "funcionario_cargos" USING btree ("tenant_id","funcionario_id") WHERE "funcionario_cargos"."data_final" IS NULL;--> statement-breakpoint
CREATE INDEX "funcionario_cargos_funcionario_idx" ON "funcionario_cargos" USING btree ("tenant_id","funcionario_id","data_inicio");--> statement-breakpoint
CREATE INDEX "funcionario_cargos_cargo_idx" ON "funcionario_cargos" USING btree ("tenant_id","cargo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funcionario_escalas_atual_uq" ON "funcionario_escalas" USING btree ("tenant_id","funcionario_id") WHERE "funcionario_escalas"."data_final" IS NULL;--> statement-breakpoint
CREATE INDEX "funcionario_escalas_funcionario_idx" ON "funcionario_escalas" USING btree ("tenant_id","funcionario_id","data_inicio");--> statement-breakpoint
CREATE INDEX "funcionario_escalas_escala_atual_idx" ON "funcionario_escalas" USING btree ("tenant_id","escala_id") WHERE "funcionario_escalas"."data_final" IS NULL;--> statement-breakpoint
CREATE INDEX "funcionario_importacoes_expira_idx" ON "funcionario_importacoes" USING btree ("expira_em");--> statement-breakpoint
CREATE UNIQUE INDEX "funcionarios_cnpj_cpf_ativo_uq" ON "funcionarios" USING btree ("tenant_id","cnpj_id","cpf") WHERE "funcionarios"."ativo";--> statement-breakpoint
CREATE UNIQUE INDEX "funcionarios_cnpj_cracha_ativo_uq" ON "funcionarios" USING btree ("tenant_id","cnpj_id","cracha") WHERE "funcionarios"."ativo";--> statement-breakpoint
CREATE INDEX "funcionarios_tenant_cnpj_nome_idx" ON "funcionarios" USING btree ("tenant_id","cnpj_id","ativo","nome");--> statement-breakpoint
CREATE INDEX "funcionarios_tenant_centro_idx" ON "funcionarios" USING btree ("tenant_id","centro_custo_id");--> statement-breakpoint
ALTER TABLE "feriado_funcionarios_excecao" ADD CONSTRAINT "feriado_funcionarios_excecao_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feriado_funcionarios_excecao_funcionario_idx" ON "feriado_funcionarios_excecao" USING btree ("tenant_id","funcionario_id");