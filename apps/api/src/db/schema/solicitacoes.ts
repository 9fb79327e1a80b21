import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { cnpjs, tenantIdColumn } from './tenancy.js';
import { funcionarios } from './funcionarios.js';
import { dispositivosOnline } from './dispositivos.js';

/**
 * An employee's request (seed 002 §3 "Request"; spec/calculation-rules.md
 * §14.2; decision 0086): what the employee asked from the app for one day of
 * the time sheet (`origem` CTRL_JUSTIFICAR: events to justify;
 * CTRL_EDITAR_MARCACAO: punches to include), kept as asked in `itens` until an
 * operator answers. It changes nothing by itself: an approval writes the
 * treatment the day action would (an occurrence, an inserted punch). The
 * answer — status, the operator's observation, who and when — is written
 * once, from PENDENTE only. `client_id` is the app's idempotency key, unique
 * per device.
 */
export const solicitacoes = pgTable(
  'solicitacoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dispositivoId: integer('dispositivo_id').references(() => dispositivosOnline.id, { onDelete: 'set null' }),
    clientId: uuid('client_id'),
    origem: varchar('origem', { length: 30 }).notNull(),
    dataPonto: date('data_ponto', { mode: 'string' }).notNull(),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    itens: jsonb('itens').notNull(),
    observacao: varchar('observacao', { length: 300 }),
    status: varchar('status', { length: 12 }).notNull().default('PENDENTE'),
    observacaoAprovacao: varchar('observacao_aprovacao', { length: 300 }),
    usuarioAprovacaoId: integer('usuario_aprovacao_id'),
    usuarioAprovacaoNome: varchar('usuario_aprovacao_nome', { length: 100 }),
    dataAprovacao: timestamp('data_aprovacao', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('solicitacoes_dispositivo_cliente_uq').on(t.dispositivoId, t.clientId),
    index('solicitacoes_funcionario_dia_idx').on(t.tenantId, t.funcionarioId, t.dataPonto),
    // Controle's icon and Marcações' bold days ask only for the pending ones.
    index('solicitacoes_pendentes_idx')
      .on(t.tenantId, t.funcionarioId, t.dataPonto)
      .where(sql`status = 'PENDENTE'`),
    index('solicitacoes_cnpj_status_dia_idx').on(t.tenantId, t.cnpjId, t.status, t.dataPonto),
  ],
);
