import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '@jornada/contracts';
import { cnpjs, tenantIdColumn } from './tenancy.js';
import { usuarios } from './access.js';
import { centrosCusto } from './organizacao.js';
import { cargos } from './cargos.js';
import { motivosAfastamento } from './afastamentos.js';
import { escalas } from './escalas.js';

/** PostgreSQL full-text document (core: no extension), for the list's free-text search. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Letters with accents → without, both cases: the name search ignores case and
 * accents (decision 0033). `translate` instead of the unaccent extension
 * (PGlite does not ship it), and before `lower`, which leaves non-ASCII letters
 * alone under the C collation. The list query folds the typed text the same way.
 */
export const BUSCA_ACENTOS = {
  de: 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
  para: 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy',
} as const;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Room for a keypad PIN's ciphertext (`c1.<key id>.<iv>.<data>.<tag>`, about 60 characters). */
export const SENHA_TECLADO_CIFRADA_MAX = 100;

/**
 * Funcionário (seed 001 §3 Employee): one bond of a person with one CNPJ.
 * Identity is CPF-first (issue 10 §6): the CPF is required and unique among
 * the active employees of a CNPJ, so one person may hold bonds in several
 * CNPJs and be re-hired after a demission; PIS is optional. Documents are
 * stored as digits. The current position and schedule are not columns: the
 * histories below are the only truth (the entry without `data_final`).
 * `data_ativacao` in the future = awaiting activation, derived from the date
 * against the company's calendar, so no job flips a flag.
 */
export const funcionarios = pgTable(
  'funcionarios',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    centroCustoId: integer('centro_custo_id')
      .notNull()
      .references(() => centrosCusto.id),
    nome: varchar('nome', { length: LIMITS.funcionarioNome }).notNull(),
    nomeCurto: varchar('nome_curto', { length: LIMITS.funcionarioNomeCurto }),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    pis: varchar('pis', { length: 11 }),
    email: varchar('email', { length: LIMITS.funcionarioEmail }),
    cracha: varchar('cracha', { length: LIMITS.funcionarioCracha }).notNull(),
    registro: varchar('registro', { length: LIMITS.funcionarioRegistro }).notNull(),
    dataAdmissao: date('data_admissao', { mode: 'string' }).notNull(),
    dataDemissao: date('data_demissao', { mode: 'string' }),
    dataAtivacao: date('data_ativacao', { mode: 'string' }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /**
     * Keypad password of the time clock (4 digits), for employees without
     * biometrics, encrypted (AES-256-GCM, shared/field-cipher.ts; decision
     * 0065): never answered by the API; decrypted only for the clock.
     */
    senhaTecladoCifrada: varchar('senha_teclado', { length: SENHA_TECLADO_CIFRADA_MAX }),
    duplaVerificacao: boolean('dupla_verificacao').notNull().default(false),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The words the list's 'crachá/pis/cpf/nome' text finds an employee by
     * (decision 0033): the name's words folded to lower case without accents,
     * the badge as typed and without leading zeros, the CPF and the PIS. The
     * database computes it from the row; `funcionario_palavras` holds its
     * words one per row for the indexed prefix search.
     */
    busca: tsvector('busca')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, lower(translate(${funcionarios.nome}, '${sql.raw(BUSCA_ACENTOS.de)}', '${sql.raw(BUSCA_ACENTOS.para)}')) || ' ' || ${funcionarios.cracha} || ' ' || ltrim(${funcionarios.cracha}, '0') || ' ' || ${funcionarios.cpf} || ' ' || coalesce(${funcionarios.pis}, ''))`,
      ),
  },
  (t) => [
    uniqueIndex('funcionarios_cnpj_cpf_ativo_uq')
      .on(t.tenantId, t.cnpjId, t.cpf)
      .where(sql`${t.ativo}`),
    uniqueIndex('funcionarios_cnpj_cracha_ativo_uq')
      .on(t.tenantId, t.cnpjId, t.cracha)
      .where(sql`${t.ativo}`),
    // The lists in name order (Funcionários, Controle do Ponto): with the id, a page is an index-only scan.
    index('funcionarios_tenant_cnpj_nome_idx').on(t.tenantId, t.cnpjId, t.ativo, t.nome, t.id),
    index('funcionarios_tenant_centro_idx').on(t.tenantId, t.centroCustoId),
  ],
);

/** Profile photo (seed 001 §5: JPEG, 130 px wide), apart so lists never read it. */
export const funcionarioFotos = pgTable('funcionario_fotos', {
  funcionarioId: integer('funcionario_id')
    .primaryKey()
    .references(() => funcionarios.id, { onDelete: 'cascade' }),
  tenantId: tenantIdColumn(),
  imagem: bytea('imagem').notNull(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Histórico de escalas (seed 001 §3 "Schedule history"): the schedule from
 * `data_inicio` to `data_final` inclusive; the entry without `data_final` is
 * the current one (at most one per employee). A rotation's day 0 is the
 * `data_inicio` of its entry (spec §15.1).
 */
export const funcionarioEscalas = pgTable(
  'funcionario_escalas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    escalaId: integer('escala_id')
      .notNull()
      .references(() => escalas.id),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('funcionario_escalas_atual_uq')
      .on(t.tenantId, t.funcionarioId)
      .where(sql`${t.dataFinal} IS NULL`),
    index('funcionario_escalas_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataInicio),
    index('funcionario_escalas_escala_atual_idx')
      .on(t.tenantId, t.escalaId)
      .where(sql`${t.dataFinal} IS NULL`),
  ],
);

/** Histórico de cargos (seed 001 §3 "Position history"), same shape as the schedules'. */
export const funcionarioCargos = pgTable(
  'funcionario_cargos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    cargoId: integer('cargo_id')
      .notNull()
      .references(() => cargos.id),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('funcionario_cargos_atual_uq')
      .on(t.tenantId, t.funcionarioId)
      .where(sql`${t.dataFinal} IS NULL`),
    index('funcionario_cargos_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataInicio),
    index('funcionario_cargos_cargo_idx').on(t.tenantId, t.cargoId),
  ],
);

/**
 * Histórico de afastamentos (seed 001 §3 "Absence history"): away for a reason
 * from `data_inicio` to `data_final` (open = until further notice). A
 * definitive reason goes with the demission.
 */
export const funcionarioAfastamentos = pgTable(
  'funcionario_afastamentos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    motivoId: integer('motivo_id')
      .notNull()
      .references(() => motivosAfastamento.id),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }),
  },
  (t) => [
    index('funcionario_afastamentos_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataInicio),
    index('funcionario_afastamentos_motivo_idx').on(t.tenantId, t.motivoId),
  ],
);

/**
 * An import in progress (issue 10 §7): the validated rows live here between
 * the wizard's steps, so the browser keeps only this id. `dados` holds the
 * lines, the errors and the chosen options; rows past `expira_em` are dropped.
 */
export const funcionarioImportacoes = pgTable(
  'funcionario_importacoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'cascade' }),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id, { onDelete: 'cascade' }),
    dados: jsonb('dados').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [index('funcionario_importacoes_expira_idx').on(t.expiraEm)],
);

/**
 * The search words of each employee, one per row (decision 0033): the
 * lexemes of `funcionarios.busca`. A typed word matches the words that start
 * with it through a btree range on the C-collated word. Kept apart from a GIN
 * index on `busca` because under row-level security PostgreSQL uses an index
 * only for leakproof operators: text comparisons are, `@@` is not.
 * Rebuilt by db/funcionario-busca.ts whenever an employee is written.
 */
export const funcionarioPalavras = pgTable(
  'funcionario_palavras',
  {
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    palavra: varchar('palavra', { length: 200 }).notNull(),
  },
  (t) => [
    index('funcionario_palavras_busca_idx').on(t.tenantId, sql`(${t.palavra} COLLATE "C")`, t.funcionarioId),
    index('funcionario_palavras_funcionario_idx').on(t.tenantId, t.funcionarioId),
  ],
);
