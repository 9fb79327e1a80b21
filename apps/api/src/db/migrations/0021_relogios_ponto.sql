CREATE TABLE "relogio_tokens" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"hash" char(64) NOT NULL,
	"cifrado" text NOT NULL,
	"gerado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"gerado_por" integer
);
--> statement-breakpoint
CREATE TABLE "relogios_ponto" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relogios_ponto_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"numero_serie" varchar(30) NOT NULL,
	"fabricante" varchar(30) NOT NULL,
	"modelo" varchar(30),
	"portaria" varchar(4),
	"autorizacao" varchar(50),
	"local_instalacao" varchar(100),
	"integracao_leitor_facial" boolean DEFAULT false NOT NULL,
	"numero_serie_leitor_facial" varchar(30),
	"tipo_servico" varchar(20) DEFAULT 'N/D' NOT NULL,
	"id_cloud" varchar(20),
	"proximo_nsr" bigint,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_autorizacao" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "relogio_tokens" ADD CONSTRAINT "relogio_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_tokens" ADD CONSTRAINT "relogio_tokens_gerado_por_usuarios_id_fk" FOREIGN KEY ("gerado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogios_ponto" ADD CONSTRAINT "relogios_ponto_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogios_ponto" ADD CONSTRAINT "relogios_ponto_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "relogio_tokens_hash_uq" ON "relogio_tokens" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "relogios_ponto_serie_uq" ON "relogios_ponto" USING btree ("tenant_id","fabricante","numero_serie");--> statement-breakpoint
CREATE UNIQUE INDEX "relogios_ponto_id_cloud_uq" ON "relogios_ponto" USING btree ("tenant_id","id_cloud") WHERE "relogios_ponto"."id_cloud" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "relogios_ponto_cnpj_idx" ON "relogios_ponto" USING btree ("tenant_id","cnpj_id");