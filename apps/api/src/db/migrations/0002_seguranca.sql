CREATE TABLE "sequencias" (
	"tenant_id" integer NOT NULL,
	"chave" varchar(40) NOT NULL,
	"valor" bigint NOT NULL,
	CONSTRAINT "sequencias_tenant_id_chave_pk" PRIMARY KEY("tenant_id","chave")
);
--> statement-breakpoint
-- Old counters used clear-text keys; they expire within 15 minutes anyway.
DELETE FROM "tentativas_login";--> statement-breakpoint
ALTER TABLE "tentativas_login" ALTER COLUMN "chave" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sucessor_id" integer;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sucessor_token_cifrado" text;--> statement-breakpoint
ALTER TABLE "tentativas_login" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "tentativas_login" ADD COLUMN "nivel" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tentativas_login" ADD COLUMN "bloqueado_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sequencias" ADD CONSTRAINT "sequencias_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tentativas_login_email_idx" ON "tentativas_login" USING btree ("email");