CREATE TABLE "relogio_usuarios" (
	"tenant_id" integer NOT NULL,
	"relogio_id" integer NOT NULL,
	"funcionario_id" integer NOT NULL,
	"identificador" varchar(12) NOT NULL,
	CONSTRAINT "relogio_usuarios_relogio_id_funcionario_id_pk" PRIMARY KEY("relogio_id","funcionario_id")
);
--> statement-breakpoint
ALTER TABLE "relogio_usuarios" ADD CONSTRAINT "relogio_usuarios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_usuarios" ADD CONSTRAINT "relogio_usuarios_relogio_id_relogios_ponto_id_fk" FOREIGN KEY ("relogio_id") REFERENCES "public"."relogios_ponto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_usuarios" ADD CONSTRAINT "relogio_usuarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;