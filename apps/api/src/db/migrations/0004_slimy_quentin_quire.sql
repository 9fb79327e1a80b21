CREATE TABLE "justificativas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "justificativas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"descricao" varchar(80) NOT NULL,
	"inibir_acesso" boolean DEFAULT false NOT NULL,
	"tipo" smallint NOT NULL,
	CONSTRAINT "justificativas_tipo_ck" CHECK ("justificativas"."tipo" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "justificativas" ADD CONSTRAINT "justificativas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "justificativas_tenant_descricao_uq" ON "justificativas" USING btree ("tenant_id",lower("descricao"));