CREATE TABLE "relogio_comandos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relogio_comandos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"relogio_id" integer NOT NULL,
	"tarefa_id" bigint,
	"tipo" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"funcionario_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"uuid_envio" varchar(64),
	"enviado_em" timestamp with time zone,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	CONSTRAINT "relogio_comandos_status_ck" CHECK ("relogio_comandos"."status" IN ('PENDENTE','ENVIADO','OK','ERRO'))
);
--> statement-breakpoint
CREATE TABLE "relogio_dispositivos_desconhecidos" (
	"tenant_id" integer NOT NULL,
	"device_id" varchar(20) NOT NULL,
	"primeira_chamada" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_chamada" timestamp with time zone DEFAULT now() NOT NULL,
	"chamadas" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "relogio_dispositivos_desconhecidos_tenant_id_device_id_pk" PRIMARY KEY("tenant_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "relogio_tarefas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relogio_tarefas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"cnpj_id" integer NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relogios_ponto" ADD COLUMN "monitoramento_ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "relogios_ponto" ADD COLUMN "erro_mensagem" text;--> statement-breakpoint
ALTER TABLE "relogios_ponto" ADD COLUMN "ultima_conexao" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "relogios_ponto" ADD COLUMN "ultima_sincronizacao" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "relogio_comandos" ADD CONSTRAINT "relogio_comandos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_comandos" ADD CONSTRAINT "relogio_comandos_relogio_id_relogios_ponto_id_fk" FOREIGN KEY ("relogio_id") REFERENCES "public"."relogios_ponto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_comandos" ADD CONSTRAINT "relogio_comandos_tarefa_id_relogio_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."relogio_tarefas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_dispositivos_desconhecidos" ADD CONSTRAINT "relogio_dispositivos_desconhecidos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_tarefas" ADD CONSTRAINT "relogio_tarefas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_tarefas" ADD CONSTRAINT "relogio_tarefas_cnpj_id_cnpjs_id_fk" FOREIGN KEY ("cnpj_id") REFERENCES "public"."cnpjs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relogio_tarefas" ADD CONSTRAINT "relogio_tarefas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relogio_comandos_fila_idx" ON "relogio_comandos" USING btree ("tenant_id","relogio_id","id") WHERE "relogio_comandos"."status" IN ('PENDENTE','ENVIADO');--> statement-breakpoint
CREATE INDEX "relogio_comandos_envio_idx" ON "relogio_comandos" USING btree ("tenant_id","relogio_id","uuid_envio");--> statement-breakpoint
CREATE INDEX "relogio_tarefas_cnpj_idx" ON "relogio_tarefas" USING btree ("tenant_id","cnpj_id","criado_em");