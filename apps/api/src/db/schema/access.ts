import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cnpjs, tenantIdColumn } from './tenancy.js';

/** A profile = a named set of permission codes (seed 000 §3 Perfil). */
export const perfis = pgTable(
  'perfis',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    nome: varchar('nome', { length: 80 }).notNull(),
  },
  (t) => [uniqueIndex('perfis_tenant_nome_uq').on(t.tenantId, t.nome)],
);

export const perfilPermissoes = pgTable(
  'perfil_permissoes',
  {
    tenantId: tenantIdColumn(),
    perfilId: integer('perfil_id')
      .notNull()
      .references(() => perfis.id, { onDelete: 'cascade' }),
    codigo: integer('codigo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.perfilId, t.codigo] })],
);

/**
 * Users log in by e-mail, before any tenant is known, so the e-mail is unique
 * across tenants (stored lower-case).
 */
export const usuarios = pgTable(
  'usuarios',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    nome: varchar('nome', { length: 100 }).notNull(),
    nomeLogin: varchar('nome_login', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    senhaHash: text('senha_hash').notNull(),
    perfilId: integer('perfil_id')
      .notNull()
      .references(() => perfis.id),
    ativo: boolean('ativo').notNull().default(true),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    dataUltimoAcesso: timestamp('data_ultimo_acesso', { withTimezone: true }),
  },
  (t) => [uniqueIndex('usuarios_email_uq').on(t.email), index('usuarios_tenant_idx').on(t.tenantId)],
);

/** Companies (CNPJs) a user may see (seed 000 §6: data limited to them). */
export const usuarioCnpjs = pgTable(
  'usuario_cnpjs',
  {
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.usuarioId, t.cnpjId] })],
);

/**
 * Bearer sessions. Only the SHA-256 of the random token is stored, so a
 * database leak does not leak live sessions. Sair sets revogadaEm.
 */
export const sessoes = pgTable(
  'sessoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [
    uniqueIndex('sessoes_token_hash_uq').on(t.tokenHash),
    index('sessoes_tenant_usuario_idx').on(t.tenantId, t.usuarioId),
  ],
);

/** Password-reset links: hashed token, expiry, single use. */
export const redefinicoesSenha = pgTable(
  'redefinicoes_senha',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The link's `tm`: creation instant in epoch milliseconds. */
    tm: text('tm').notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    usadaEm: timestamp('usada_em', { withTimezone: true }),
  },
  (t) => [uniqueIndex('redefinicoes_token_hash_uq').on(t.tokenHash)],
);

/**
 * Login throttling counters, in the database so every API process shares
 * them (architecture §6: no single-process assumptions). Not tenant-owned: the
 * key is an e-mail or an IP seen before any tenant is known.
 */
export const tentativasLogin = pgTable('tentativas_login', {
  chave: varchar('chave', { length: 300 }).primaryKey(),
  janelaInicio: timestamp('janela_inicio', { withTimezone: true }).notNull(),
  falhas: integer('falhas').notNull(),
});
