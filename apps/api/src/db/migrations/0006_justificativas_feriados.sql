CREATE TABLE "justificativas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "justificativas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"inibir_acesso" boolean DEFAULT false NOT NULL,
	"tipo" smallint NOT NULL,
	CONSTRAINT "justificativas_tipo_ck" CHECK ("justificativas"."tipo" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "feriado_cargos" (
	"tenant_id" integer NOT NULL,
	"feriado_id" integer NOT NULL,
	"cargo_id" integer NOT NULL,
	"excecao" boolean NOT NULL,
	CONSTRAINT "feriado_cargos_tenant_id_feriado_id_excecao_cargo_id_pk" PRIMARY KEY("tenant_id","feriado_id","excecao","cargo_id")
);
--> statement-breakpoint
CREATE TABLE "feriado_centros_custo" (
	"tenant_id" integer NOT NULL,
	"feriado_id" integer NOT NULL,
	"centro_custo_id" integer NOT NULL,
	"excecao" boolean NOT NULL,
	CONSTRAINT "feriado_centros_custo_tenant_id_feriado_id_excecao_centro_custo_id_pk" PRIMARY KEY("tenant_id","feriado_id","excecao","centro_custo_id")
);
--> statement-breakpoint
CREATE TABLE "feriado_funcionarios_excecao" (
	"tenant_id" integer NOT NULL,
	"feriado_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	CONSTRAINT "feriado_funcionarios_excecao_tenant_id_feriado_id_funcionario_id_pk" PRIMARY KEY("tenant_id","feriado_id","funcionario_id")
);
--> statement-breakpoint
CREATE TABLE "feriados" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feriados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"data" date NOT NULL,
	"descricao" varchar(100) NOT NULL,
	"abrangencia" smallint NOT NULL,
	"fixo" boolean DEFAULT true NOT NULL,
	"regra_pascoa" varchar(20),
	"estado_id" smallint,
	"cidade_id" integer,
	CONSTRAINT "feriados_abrangencia_ck" CHECK ("feriados"."abrangencia" BETWEEN 1 AND 6),
	CONSTRAINT "feriados_regra_pascoa_ck" CHECK (regra_pascoa IS NULL OR regra_pascoa IN ('CARNAVAL_SEGUNDA', 'CARNAVAL_TERCA', 'SEXTA_FEIRA_SANTA', 'PASCOA', 'CORPUS_CHRISTI'))
);
--> statement-breakpoint
DROP INDEX "motivos_afastamento_tenant_descricao_uq";--> statement-breakpoint
ALTER TABLE "justificativas" ADD CONSTRAINT "justificativas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_cargos" ADD CONSTRAINT "feriado_cargos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_cargos" ADD CONSTRAINT "feriado_cargos_feriado_id_feriados_id_fk" FOREIGN KEY ("feriado_id") REFERENCES "public"."feriados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_cargos" ADD CONSTRAINT "feriado_cargos_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_centros_custo" ADD CONSTRAINT "feriado_centros_custo_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_centros_custo" ADD CONSTRAINT "feriado_centros_custo_feriado_id_feriados_id_fk" FOREIGN KEY ("feriado_id") REFERENCES "public"."feriados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_centros_custo" ADD CONSTRAINT "feriado_centros_custo_centro_custo_id_centros_custo_id_fk" FOREIGN KEY ("centro_custo_id") REFERENCES "public"."centros_custo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_funcionarios_excecao" ADD CONSTRAINT "feriado_funcionarios_excecao_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriado_funcionarios_excecao" ADD CONSTRAINT "feriado_funcionarios_excecao_feriado_id_feriados_id_fk" FOREIGN KEY ("feriado_id") REFERENCES "public"."feriados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriados" ADD CONSTRAINT "feriados_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriados" ADD CONSTRAINT "feriados_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriados" ADD CONSTRAINT "feriados_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "justificativas_tenant_descricao_uq" ON "justificativas" USING btree ("tenant_id",lower("descricao"));--> statement-breakpoint
CREATE INDEX "feriado_cargos_cargo_idx" ON "feriado_cargos" USING btree ("tenant_id","cargo_id");--> statement-breakpoint
CREATE INDEX "feriado_centros_custo_centro_idx" ON "feriado_centros_custo" USING btree ("tenant_id","centro_custo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feriados_tenant_data_descricao_uq" ON "feriados" USING btree ("tenant_id","data",lower("descricao"),"abrangencia",coalesce("estado_id", 0),coalesce("cidade_id", 0));--> statement-breakpoint
CREATE INDEX "feriados_tenant_data_idx" ON "feriados" USING btree ("tenant_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_afastamento_tenant_descricao_uq" ON "motivos_afastamento" USING btree ("tenant_id",lower("descricao"));