import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { calendario, feriadoApi } from '@jornada/contracts';
import { cargos } from './cargos.js';
import { funcionarios } from './funcionarios.js';
import { centrosCusto } from './organizacao.js';
import { cidades, estados } from './reference.js';
import { tenantIdColumn } from './tenancy.js';

const regras = calendario.REGRA_PASCOA_KEYS.map((r) => `'${r}'`).join(', ');

/**
 * Feriado (seed 000 §3). `regraPascoa` marks a movable holiday tied to Easter
 * (Carnaval, Sexta-feira Santa, Páscoa, Corpus Christi): copying it to another
 * year recomputes its date from the rule, never from its description.
 * One holiday per tenant, date, description (any case), scope, state and city:
 * the unique index is what keeps two concurrent copies or national-holiday
 * inclusions from doubling a holiday (decision 0014).
 */
export const feriados = pgTable(
  'feriados',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    data: date('data', { mode: 'string' }).notNull(),
    descricao: varchar('descricao', { length: feriadoApi.FERIADO_LIMITS.descricao }).notNull(),
    abrangencia: smallint('abrangencia').notNull(),
    fixo: boolean('fixo').notNull().default(true),
    regraPascoa: varchar('regra_pascoa', { length: 20 }),
    estadoId: smallint('estado_id').references(() => estados.id),
    cidadeId: integer('cidade_id').references(() => cidades.id),
  },
  (t) => [
    // coalesce: a missing state or city counts as one value (NULLs would never collide).
    uniqueIndex('feriados_tenant_data_descricao_uq').on(
      t.tenantId,
      t.data,
      sql`lower(${t.descricao})`,
      t.abrangencia,
      sql`coalesce(${t.estadoId}, 0)`,
      sql`coalesce(${t.cidadeId}, 0)`,
    ),
    index('feriados_tenant_data_idx').on(t.tenantId, t.data),
    check('feriados_abrangencia_ck', sql`${t.abrangencia} BETWEEN 1 AND 6`),
    check('feriados_regra_pascoa_ck', sql.raw(`regra_pascoa IS NULL OR regra_pascoa IN (${regras})`)),
  ],
);

/**
 * Positions of a holiday: its scope list (abrangência 5, `excecao` false) or
 * its 'Exceção da Regra' (`excecao` true: the holiday does not apply to them).
 */
export const feriadoCargos = pgTable(
  'feriado_cargos',
  {
    tenantId: tenantIdColumn(),
    feriadoId: integer('feriado_id')
      .notNull()
      .references(() => feriados.id, { onDelete: 'cascade' }),
    cargoId: integer('cargo_id')
      .notNull()
      .references(() => cargos.id),
    excecao: boolean('excecao').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.feriadoId, t.excecao, t.cargoId] }),
    index('feriado_cargos_cargo_idx').on(t.tenantId, t.cargoId),
  ],
);

/** Cost centres of a holiday: scope list (abrangência 4) or exception, as feriado_cargos. */
export const feriadoCentrosCusto = pgTable(
  'feriado_centros_custo',
  {
    tenantId: tenantIdColumn(),
    feriadoId: integer('feriado_id')
      .notNull()
      .references(() => feriados.id, { onDelete: 'cascade' }),
    centroCustoId: integer('centro_custo_id')
      .notNull()
      .references(() => centrosCusto.id),
    excecao: boolean('excecao').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.feriadoId, t.excecao, t.centroCustoId] }),
    index('feriado_centros_custo_centro_idx').on(t.tenantId, t.centroCustoId),
  ],
);

/** Employees a holiday does not apply to ('Exceção da Regra'). */
export const feriadoFuncionariosExcecao = pgTable(
  'feriado_funcionarios_excecao',
  {
    tenantId: tenantIdColumn(),
    feriadoId: integer('feriado_id')
      .notNull()
      .references(() => feriados.id, { onDelete: 'cascade' }),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.feriadoId, t.funcionarioId] }),
    index('feriado_funcionarios_excecao_funcionario_idx').on(t.tenantId, t.funcionarioId),
  ],
);
