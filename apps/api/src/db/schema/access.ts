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
    /**
     * The tenant's 'Administrador' profile: created with the tenant, holds every
     * customer code, cannot be deleted (issue 9). Support sessions act with it.
     */
    protegido: boolean('protegido').notNull().default(false),
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
    /**
     * argon2id. Null until a new user sets the first password through the
     * invitation link (decision 0021): such a user cannot log in.
     */
    senhaHash: text('senha_hash'),
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
    /**
     * Set when validar-token rotated this session: the session that replaced
     * it, and the replacement token encrypted with a key only the holder of
     * THIS token can derive. A second tab rotating the same token within the
     * grace period receives the winner's token instead of a new session.
     */
    sucessorId: integer('sucessor_id'),
    sucessorTokenCifrado: text('sucessor_token_cifrado'),
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
 * Login throttling (issue 7): one row per throttled key — an e-mail + client
 * address pair, or an address alone. The key material is hashed so any e-mail
 * or address fits the column; `email` is kept (pair rows only) so a password
 * reset can clear every pair of that e-mail. Attempts are counted BEFORE the
 * password is checked (one atomic upsert), so concurrent guesses cannot slip
 * past the limit; `bloqueadoAte` is the lock, whose length doubles with
 * `nivel`. In the database so every API process shares it (architecture §6).
 * Not tenant-owned: no tenant is known before login.
 */
export const tentativasLogin = pgTable(
  'tentativas_login',
  {
    chave: varchar('chave', { length: 64 }).primaryKey(),
    email: varchar('email', { length: 254 }),
    falhas: integer('falhas').notNull(),
    nivel: integer('nivel').notNull().default(0),
    janelaInicio: timestamp('janela_inicio', { withTimezone: true }).notNull(),
    bloqueadoAte: timestamp('bloqueado_ate', { withTimezone: true }),
  },
  (t) => [index('tentativas_login_email_idx').on(t.email)],
);
