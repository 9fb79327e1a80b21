import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenants } from './tenancy.js';
import { usuarios } from './access.js';

/**
 * The operation log (seed 000 §2.6 Logs de Operações): every create, edit,
 * delete and report, with the user's login and name copied so the log still
 * reads after the user is renamed or removed.
 */
export const logOperacoes = pgTable(
  'log_operacoes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    data: timestamp('data', { withTimezone: true }).notNull(),
    loginUsuario: varchar('login_usuario', { length: 254 }).notNull(),
    nomeUsuario: varchar('nome_usuario', { length: 100 }).notNull(),
    /** Cadastrar | Editar | Excluir | Relatório (the screen's filter values). */
    acao: varchar('acao', { length: 20 }).notNull(),
    descricao: text('descricao').notNull(),
    /**
     * The company (CNPJ) and cost centre the entry is about (decision 0065):
     * the search shows it only to users whose scope holds them, like the rows
     * it describes. Null company = tenant-wide (a position, a schedule, a
     * user…): only users who see the whole tenant read it. No foreign keys:
     * an entry outlives the company or cost centre it names, and its ids
     * (identities, never reused) keep matching nobody's scope but the whole
     * company's.
     */
    cnpjId: integer('cnpj_id'),
    centroCustoId: integer('centro_custo_id'),
  },
  (t) => [index('log_operacoes_tenant_data_idx').on(t.tenantId, t.data)],
);

/**
 * Outgoing e-mail. Every message is written here; with SMTP configured it is
 * also sent and `enviadoEm` set. Without SMTP the row (and the log) is where a
 * fresh install's password-reset link can be read.
 */
export const emailsSaida = pgTable('emails_saida', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: integer('tenant_id').references(() => tenants.id),
  para: varchar('para', { length: 254 }).notNull(),
  assunto: varchar('assunto', { length: 200 }).notNull(),
  texto: text('texto').notNull(),
  html: text('html'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull(),
  enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  erro: text('erro'),
});

/**
 * News published by the provider (seed 000 §2.6 Notícias) to every customer,
 * or to one (`tenantAlvoId`). Not named tenant_id on purpose: a global item
 * has none, so the generic tenant wall would hide it; noticias has its own
 * row-level policy in db/tenant-rls.ts (a tenant reads global items and its
 * own, never another tenant's).
 */
export const noticias = pgTable(
  'noticias',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    titulo: varchar('titulo', { length: 200 }).notNull(),
    conteudo: text('conteudo').notNull(),
    /** Publication date as the company's calendar date (yyyy-mm-dd). */
    dataPublicacao: varchar('data_publicacao', { length: 10 }).notNull(),
    /** The one customer that sees it; null = every customer. */
    tenantAlvoId: integer('tenant_alvo_id').references(() => tenants.id),
  },
  (t) => [index('noticias_data_idx').on(t.dataPublicacao), index('noticias_alvo_idx').on(t.tenantAlvoId)],
);

/**
 * Per-tenant version counters of slowly-changing lists (registers used as
 * lookups by many screens). A mutation bumps its counter in its own
 * transaction; list calls compare it to decide whether a cached answer is
 * still current (decision 0006). Shared by every API process.
 */
export const versoesDados = pgTable(
  'versoes_dados',
  {
    tenantId: tenantIdColumn(),
    chave: varchar('chave', { length: 40 }).notNull(),
    versao: bigint('versao', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.chave] })],
);

/**
 * Per-tenant counters of the registers' automatic codes (issue 7): the row is
 * locked by the UPDATE that takes the next value, so two concurrent saves can
 * never take the same code, and the counter skips codes typed by hand.
 * bigint: a code is text of at most 12 digits, which a bigint always holds.
 */
export const sequencias = pgTable(
  'sequencias',
  {
    tenantId: tenantIdColumn(),
    chave: varchar('chave', { length: 40 }).notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.chave] })],
);
