CREATE TABLE "cidades" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL,
	"estado_id" smallint NOT NULL,
	"fuso_horario" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" smallint PRIMARY KEY NOT NULL,
	"uf" varchar(2) NOT NULL,
	"nome" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "centros_custo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "centros_custo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"pai_id" integer,
	"tipo" smallint NOT NULL,
	"codigo" varchar(12) NOT NULL,
	"nome" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_centros_custo" (
	"tenant_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"centro_custo_id" integer NOT NULL,
	CONSTRAINT "usuario_centros_custo_tenant_id_usuario_id_centro_custo_id_pk" PRIMARY KEY("tenant_id","usuario_id","centro_custo_id")
);
--> statement-breakpoint
CREATE TABLE "motivos_afastamento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motivos_afastamento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"definitivo" boolean DEFAULT false NOT NULL,
	"protegido" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "tipo_local" varchar(10);--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "rua" varchar(150);--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "numero_endereco" varchar(10);--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "complemento" varchar(60);--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "cep" varchar(8);--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "bairro" varchar(80);--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "cidade_id" integer;--> statement-breakpoint
ALTER TABLE "cnpjs" ADD COLUMN "fuso_horario" varchar(64) DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "perfis" ADD COLUMN "protegido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cidades" ADD CONSTRAINT "cidades_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centros_custo" ADD CONSTRAINT "centros_custo_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centros_custo" ADD CONSTRAINT "centros_custo_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centros_custo" ADD CONSTRAINT "centros_custo_pai_id_centros_custo_id_fk" FOREIGN KEY ("pai_id") REFERENCES "public"."centros_custo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_centros_custo" ADD CONSTRAINT "usuario_centros_custo_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_centros_custo" ADD CONSTRAINT "usuario_centros_custo_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_centros_custo" ADD CONSTRAINT "usuario_centros_custo_centro_custo_id_centros_custo_id_fk" FOREIGN KEY ("centro_custo_id") REFERENCES "public"."centros_custo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivos_afastamento" ADD CONSTRAINT "motivos_afastamento_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cidades_estado_nome_idx" ON "cidades" USING btree ("estado_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "centros_custo_tenant_codigo_uq" ON "centros_custo" USING btree ("tenant_id","codigo");--> statement-breakpoint
CREATE INDEX "centros_custo_tenant_cnpj_idx" ON "centros_custo" USING btree ("tenant_id","cnpj_id","tipo");--> statement-breakpoint
CREATE INDEX "centros_custo_tenant_pai_idx" ON "centros_custo" USING btree ("tenant_id","pai_id");--> statement-breakpoint
CREATE INDEX "usuario_centros_custo_centro_idx" ON "usuario_centros_custo" USING btree ("tenant_id","centro_custo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_afastamento_tenant_descricao_uq" ON "motivos_afastamento" USING btree ("tenant_id","descricao");--> statement-breakpoint
ALTER TABLE "cnpjs" ADD CONSTRAINT "cnpjs_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;