-- Decision 0065. Existing log entries keep a null company: read only by users who see the whole tenant
-- (their text cannot be traced back to a company reliably). The keypad PINs are encrypted at start-up
-- (db/senhas-teclado.ts), not here: the key is not in the database.
ALTER TABLE "funcionarios" ALTER COLUMN "senha_teclado" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "log_operacoes" ADD COLUMN "cnpj_id" integer;--> statement-breakpoint
ALTER TABLE "log_operacoes" ADD COLUMN "centro_custo_id" integer;