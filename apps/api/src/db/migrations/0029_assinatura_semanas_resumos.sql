ALTER TABLE "calculo_resumos" ADD COLUMN "assinatura" uuid;--> statement-breakpoint
ALTER TABLE "calculo_semanas" ADD COLUMN "assinatura" uuid;