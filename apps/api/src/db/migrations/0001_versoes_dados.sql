CREATE TABLE "versoes_dados" (
	"tenant_id" integer NOT NULL,
	"chave" varchar(40) NOT NULL,
	"versao" bigint NOT NULL,
	CONSTRAINT "versoes_dados_tenant_id_chave_pk" PRIMARY KEY("tenant_id","chave")
);
--> statement-breakpoint
ALTER TABLE "versoes_dados" ADD CONSTRAINT "versoes_dados_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;