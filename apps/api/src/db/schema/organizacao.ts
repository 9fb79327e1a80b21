import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '@jornada/contracts';
import { cnpjs, tenantIdColumn } from './tenancy.js';
import { usuarios } from './access.js';

/**
 * Cost centre (seed 000 §3 CentroCusto): the chain company (CNPJ) →
 * Departamento (tipo 1) → Setor (2) → Seção (3). A department has no parent;
 * a sector's parent is a department; a section's parent is a sector. `cnpjId`
 * is repeated on every level so scope checks and lists by company need no
 * recursive walk. `codigo` is unique within the tenant (one sequence for all
 * levels, like the seeds' gerarCodigoEmSequencia).
 */
export const centrosCusto = pgTable(
  'centros_custo',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    paiId: integer('pai_id').references((): AnyPgColumn => centrosCusto.id),
    /** 1 Departamento, 2 Setor, 3 Seção. */
    tipo: smallint('tipo').notNull(),
    codigo: varchar('codigo', { length: LIMITS.centroCustoCodigo }).notNull(),
    nome: varchar('nome', { length: LIMITS.centroCustoNome }).notNull(),
  },
  (t) => [
    uniqueIndex('centros_custo_tenant_codigo_uq').on(t.tenantId, t.codigo),
    index('centros_custo_tenant_cnpj_idx').on(t.tenantId, t.cnpjId, t.tipo),
    index('centros_custo_tenant_pai_idx').on(t.tenantId, t.paiId),
  ],
);

/**
 * Cost centres a user may see inside a company (issue 9 scope rule: none
 * assigned in a company = the whole company; the companies themselves are
 * usuario_cnpjs).
 */
export const usuarioCentrosCusto = pgTable(
  'usuario_centros_custo',
  {
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    centroCustoId: integer('centro_custo_id')
      .notNull()
      .references(() => centrosCusto.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.usuarioId, t.centroCustoId] }),
    index('usuario_centros_custo_centro_idx').on(t.tenantId, t.centroCustoId),
  ],
);
