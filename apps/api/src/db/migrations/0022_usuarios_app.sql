CREATE TABLE "usuarios_app" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuarios_app_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"detalhes" varchar(200) NOT NULL,
	"login" varchar(40) NOT NULL,
	"funcionario_id" integer,
	"eh_admin" boolean DEFAULT false NOT NULL,
	"senha_hash" text,
	"codigo_hash" char(64),
	"codigo_expira_em" timestamp with time zone,
	"data_ultimo_refresh" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuarios_app" ADD CONSTRAINT "usuarios_app_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios_app" ADD CONSTRAINT "usuarios_app_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios_app" ADD CONSTRAINT "usuarios_app_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_app_login_uq" ON "usuarios_app" USING btree ("login");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_app_funcionario_uq" ON "usuarios_app" USING btree ("tenant_id","funcionario_id");--> statement-breakpoint
CREATE INDEX "usuarios_app_tenant_tipo_idx" ON "usuarios_app" USING btree ("tenant_id","tipo");