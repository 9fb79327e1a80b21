import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cnpjs, tenantIdColumn } from './tenancy.js';
import { funcionarios } from './funcionarios.js';

/**
 * An employee's online punch device (seed 001 §3 'Online punch device'; issue
 * 25 §3): one per employee and type (Mob, Web). `permissoes` maps each of the
 * four permission names to whether it is granted. The activation code is kept
 * as a SHA-256 (to redeem it) and sealed (to copy it again while valid), with
 * its expiry; the code to reset the app password only as a SHA-256.
 */
export const dispositivosOnline = pgTable(
  'dispositivos_online',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 3 }).notNull(),
    descricao: varchar('descricao', { length: 120 }).notNull(),
    permissoes: jsonb('permissoes').$type<Record<string, boolean>>().notNull(),
    ativo: boolean('ativo').notNull().default(true),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }),
    dataAtivacao: timestamp('data_ativacao', { withTimezone: true }),
    dataUltimaSincronia: timestamp('data_ultima_sincronia', { withTimezone: true }),
    codigoAtivacaoHash: char('codigo_ativacao_hash', { length: 64 }),
    codigoAtivacaoCifrado: text('codigo_ativacao_cifrado'),
    codigoAtivacaoExpira: timestamp('codigo_ativacao_expira', { withTimezone: true }),
    codigoSenhaHash: char('codigo_senha_hash', { length: 64 }),
    codigoSenhaExpira: timestamp('codigo_senha_expira', { withTimezone: true }),
    /** The app's credential (spec/devices.md §4(c) Activation): the SHA-256 of the token `/app/v1/ativar` gave. */
    tokenHash: char('token_hash', { length: 64 }),
    /** What the app said of itself when it was activated: instalacaoId, plataforma, modelo, versaoApp. */
    instalacao: jsonb('instalacao').$type<Record<string, string>>(),
  },
  (t) => [
    uniqueIndex('dispositivos_online_funcionario_tipo_uq').on(t.tenantId, t.funcionarioId, t.tipo),
    uniqueIndex('dispositivos_online_codigo_uq').on(t.codigoAtivacaoHash),
    uniqueIndex('dispositivos_online_token_uq').on(t.tokenHash),
    index('dispositivos_online_cnpj_idx').on(t.tenantId, t.cnpjId),
  ],
);
