import { boolean, char, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clienteAppApi } from '@jornada/contracts';
import { cnpjs, tenantIdColumn } from './tenancy.js';
import { funcionarios } from './funcionarios.js';

/**
 * A login of the punch-collecting apps (seed 001 §3 'App user'; issue 25 §1):
 * a desktop collector's (`detalhes`: the serials of the clocks it may
 * collect) or an employee's mobile app (`funcionario_id`). The login is unique
 * across tenants — an app signs in with it alone. The password is argon2id;
 * a mobile user's code to set it is a SHA-256 with its expiry (one use).
 */
export const usuariosApp = pgTable(
  'usuarios_app',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    tipo: varchar('tipo', { length: 10 }).notNull(),
    nome: varchar('nome', { length: 150 }).notNull(),
    detalhes: varchar('detalhes', { length: clienteAppApi.CLIENTE_APP_LIMITS.detalhes }).notNull(),
    login: varchar('login', { length: 40 }).notNull(),
    funcionarioId: integer('funcionario_id').references(() => funcionarios.id, { onDelete: 'cascade' }),
    ehAdmin: boolean('eh_admin').notNull().default(false),
    senhaHash: text('senha_hash'),
    codigoHash: char('codigo_hash', { length: 64 }),
    codigoExpiraEm: timestamp('codigo_expira_em', { withTimezone: true }),
    dataUltimoRefresh: timestamp('data_ultimo_refresh', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuarios_app_login_uq').on(t.login),
    uniqueIndex('usuarios_app_funcionario_uq').on(t.tenantId, t.funcionarioId),
    index('usuarios_app_tenant_tipo_idx').on(t.tenantId, t.tipo),
  ],
);

/**
 * A Coletor Local's session (spec/devices.md §4(b) 'Agent API'; decision 0082): the bearer token a desktop
 * collector gets from `POST /coletor/v1/login`, kept as its SHA-256 only (`hash`, unique across tenants: the token
 * alone finds its user). It stops working when it expires, when it is revoked, when its user is deleted
 * (cascade) or given a new password (`senha_marca`, the MD5 of the password hash it was issued under, differs).
 */
export const coletorTokens = pgTable(
  'coletor_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioAppId: integer('usuario_app_id')
      .notNull()
      .references(() => usuariosApp.id, { onDelete: 'cascade' }),
    hash: char('hash', { length: 64 }).notNull(),
    senhaMarca: char('senha_marca', { length: 32 }).notNull(),
    maquina: varchar('maquina', { length: 100 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    revogadoEm: timestamp('revogado_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coletor_tokens_hash_uq').on(t.hash),
    index('coletor_tokens_usuario_idx').on(t.tenantId, t.usuarioAppId),
  ],
);
