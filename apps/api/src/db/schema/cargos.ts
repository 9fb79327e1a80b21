import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.js';

/** Cargo (seed 000 §3): a position; `codigo` unique within the tenant. */
export const cargos = pgTable(
  'cargos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    codigo: varchar('codigo', { length: 12 }).notNull(),
    nome: varchar('nome', { length: 100 }).notNull(),
  },
  (t) => [
    uniqueIndex('cargos_tenant_codigo_uq').on(t.tenantId, t.codigo),
    index('cargos_tenant_nome_idx').on(t.tenantId, t.nome),
  ],
);
