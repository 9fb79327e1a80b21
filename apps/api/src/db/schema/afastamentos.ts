import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { LIMITS } from '@jornada/contracts';
import { tenantIdColumn } from './tenancy.js';

/**
 * Motivo de afastamento (seed 000 §3): why an employee is away. `definitivo`
 * is chosen at creation only. `protegido`: the tenant's 'Transferência'
 * reason, created with the tenant, which the absence screen depends on — it
 * cannot be deleted or renamed (issue 9).
 */
export const motivosAfastamento = pgTable(
  'motivos_afastamento',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    descricao: varchar('descricao', { length: LIMITS.motivoDescricao }).notNull(),
    definitivo: boolean('definitivo').notNull().default(false),
    protegido: boolean('protegido').notNull().default(false),
  },
  // Ignoring case, so no 'transferência' can stand beside the protected 'Transferência'.
  (t) => [uniqueIndex('motivos_afastamento_tenant_descricao_uq').on(t.tenantId, sql`lower(${t.descricao})`)],
);
