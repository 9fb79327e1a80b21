import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { LIMITS } from '@jornada/contracts';
import { tenantIdColumn } from './tenancy.js';

/** Cargo (seed 000 §3): a position; `codigo` unique within the tenant. */
export const cargos = pgTable(
  'cargos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    codigo: varchar('codigo', { length: LIMITS.cargoCodigo }).notNull(),
    nome: varchar('nome', { length: LIMITS.cargoNome }).notNull(),
  },
  (t) => [
    uniqueIndex('cargos_tenant_codigo_uq').on(t.tenantId, t.codigo),
    index('cargos_tenant_nome_idx').on(t.tenantId, t.nome),
  ],
);
