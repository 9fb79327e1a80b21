import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { LIMITS } from '@jornada/contracts';
import { tenantIdColumn } from './tenancy.js';
import { usuarios } from './access.js';

/**
 * Escala de horários (seed 001 §3 ScheduleConfiguration; the seeds call its id
 * the contract id, `idContrato`). The row holds only what names the schedule;
 * what it says (time table or rotation, every policy, bands, hour bank) lives
 * in `escala_versoes`, one row per date from which it applies (issue 10 §2:
 * saving a schedule in use never rewrites history).
 */
export const escalas = pgTable(
  'escalas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    descricao: varchar('descricao', { length: LIMITS.escalaDescricao }).notNull(),
    /** 'EQH' time table or 'ERC' rotation: the type of the latest version, for lists. */
    tipo: varchar('tipo', { length: 3 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('escalas_tenant_descricao_uq').on(t.tenantId, sql`lower(${t.descricao})`)],
);

/**
 * One version of a schedule, valid from `validaDesde` until the next version's
 * date. `configuracao` is the seed's configuration document (quadro de
 * horários or rotation cycles copied in, policies, bands, hour bank) as the
 * contracts' zod schema validated it; the engine reads it through one mapping.
 * Rotation cycles are copied in, so deleting a cycle list never changes a
 * stored version.
 */
export const escalaVersoes = pgTable(
  'escala_versoes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    escalaId: integer('escala_id')
      .notNull()
      .references(() => escalas.id, { onDelete: 'cascade' }),
    validaDesde: date('valida_desde', { mode: 'string' }).notNull(),
    configuracao: jsonb('configuracao').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    criadoPor: integer('criado_por').references(() => usuarios.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('escala_versoes_escala_data_uq').on(t.tenantId, t.escalaId, t.validaDesde)],
);

/**
 * Lista de ciclos de revezamento (seed 001 §2.4, §3): created and deleted,
 * never edited. `ciclos` is the list of cycles (posicao, diasTrabalhados,
 * diasFolgas, fatorRepeticao, entrada1..saida3) as the contracts validated it.
 */
export const escalaCiclosListas = pgTable(
  'escala_ciclos_listas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    descricao: varchar('descricao', { length: LIMITS.cicloListaDescricao }).notNull(),
    ciclos: jsonb('ciclos').notNull(),
    quantidade: smallint('quantidade').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('escala_ciclos_listas_tenant_idx').on(t.tenantId, t.descricao)],
);
