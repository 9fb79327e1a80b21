import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { justificativaApi } from '@jornada/contracts';
import { tenantIdColumn } from './tenancy.js';

const L = justificativaApi.JUSTIFICATIVA_LIMITS;

/**
 * Justificativa (seed 000 §3): no code; the description is unique within the
 * tenant, ignoring case (two "Atestado médico" in a picker could not be told
 * apart — decision 0012). `tipo` 1–5 (TIPOS_JUSTIFICATIVA).
 */
export const justificativas = pgTable(
  'justificativas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    descricao: varchar('descricao', { length: L.descricao }).notNull(),
    inibirAcesso: boolean('inibir_acesso').notNull().default(false),
    tipo: smallint('tipo').notNull(),
  },
  (t) => [
    uniqueIndex('justificativas_tenant_descricao_uq').on(t.tenantId, sql`lower(${t.descricao})`),
    check('justificativas_tipo_ck', sql`${t.tipo} BETWEEN 1 AND 5`),
  ],
);
