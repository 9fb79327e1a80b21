import { index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Federative units (IBGE). Global reference data loaded by db/reference-data.ts;
 * the id is the IBGE state code (11 = RO … 53 = DF), so it never changes.
 */
export const estados = pgTable('estados', {
  id: smallint('id').primaryKey(),
  uf: varchar('uf', { length: 2 }).notNull(),
  nome: varchar('nome', { length: 40 }).notNull(),
});

/**
 * Municipalities (IBGE). The id is the 7-digit IBGE code. `fusoHorario` is the
 * IANA zone of the city: a company (CNPJ) takes its wall clock from its city.
 */
export const cidades = pgTable(
  'cidades',
  {
    id: integer('id').primaryKey(),
    nome: varchar('nome', { length: 60 }).notNull(),
    estadoId: smallint('estado_id')
      .notNull()
      .references(() => estados.id),
    fusoHorario: varchar('fuso_horario', { length: 64 }).notNull(),
  },
  (t) => [index('cidades_estado_nome_idx').on(t.estadoId, t.nome)],
);
