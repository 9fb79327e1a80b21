import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.js';
import { usuarios } from './access.js';

/**
 * Autorização de Suporte (seed 000 §2.6, §3, §4): a customer lets the
 * provider's support staff in until `dataFinal` (today + 6 on creation, the
 * company's calendar). Closed when `fechado` is set or `dataFinal` has passed
 * (decision 0016). The one-time access code of the support link is kept here
 * as a SHA-256 only, with its expiry and its single use.
 */
export const autorizacoesSuporte = pgTable(
  'autorizacoes_suporte',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Who authorised it, copied so the list still reads after the user is renamed or removed. */
    autorizaPor: varchar('autoriza_por', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull(),
    /** Last day of access (yyyy-mm-dd, the company's calendar), inclusive. */
    dataFinal: varchar('data_final', { length: 10 }).notNull(),
    fechado: boolean('fechado').notNull().default(false),
    refAcessoHash: varchar('ref_acesso_hash', { length: 64 }),
    refAcessoExpiraEm: timestamp('ref_acesso_expira_em', { withTimezone: true }),
    refAcessoUsadoEm: timestamp('ref_acesso_usado_em', { withTimezone: true }),
  },
  (t) => [index('autorizacoes_suporte_tenant_data_idx').on(t.tenantId, t.dataCadastro)],
);
