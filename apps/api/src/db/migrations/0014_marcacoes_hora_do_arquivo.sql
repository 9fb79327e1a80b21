-- Issue 23 §0, decision 0047: data_hora is the company's wall clock (a 671 date-time converted from its offset to
-- the company's zone); data_hora_arquivo keeps the date-time as written in the file. Punches are append-only:
-- rows stored before this migration keep data_hora as written and a null data_hora_arquivo, and the unique key
-- reads the time as written (coalesce), so a file imported again matches the punches it stored before.
DROP INDEX "marcacoes_origem_uq";--> statement-breakpoint
ALTER TABLE "marcacoes" ADD COLUMN "data_hora_arquivo" timestamp;--> statement-breakpoint
CREATE UNIQUE INDEX "marcacoes_origem_uq" ON "marcacoes" USING btree ("tenant_id",coalesce("relogio", '#' || "cnpj_id"::text),"nsr",coalesce("data_hora_arquivo", "data_hora"),"identificador");