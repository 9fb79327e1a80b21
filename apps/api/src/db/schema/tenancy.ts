import { boolean, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { LIMITS } from '@jornada/contracts';
import { cidades } from './reference.js';

/**
 * A subscription plan and its limits. Global (the provider's catalogue), so no
 * tenant_id and no row-level security.
 */
export const planos = pgTable(
  'planos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar('nome', { length: 80 }).notNull(),
    maxFuncionarios: integer('max_funcionarios').notNull(),
    maxCnpjs: integer('max_cnpjs').notNull(),
    maxUsuarios: integer('max_usuarios').notNull(),
    /** Devices the plan allows (issue 9): the app on phones and the web punch (Marcação Online). */
    maxDispositivosMoveis: integer('max_dispositivos_moveis').notNull().default(0),
    maxDispositivosWeb: integer('max_dispositivos_web').notNull().default(0),
  },
  (t) => [uniqueIndex('planos_nome_uq').on(t.nome)],
);

/**
 * A tenant = one subscribing customer (its plan, main company and CNPJs); its
 * id is the customer's code (the support link's `_ref`). The provider itself
 * is one tenant too, marked `provedor`, without a plan: only its users may
 * hold code 99999 (decision 0015).
 */
export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  nome: varchar('nome', { length: 120 }).notNull(),
  planoId: integer('plano_id').references(() => planos.id),
  ativo: boolean('ativo').notNull().default(true),
  provedor: boolean('provedor').notNull().default(false),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owning tenant of a row. Every tenant-owned table starts with it: row-level
 * security keys on it (db/tenant-rls.ts) and its indexes lead with it.
 */
export const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

/**
 * The tenant of a row written in bulk, without a foreign key: calculated
 * days and weeks (310,000 day rows for a month of 10,000 employees) and the
 * punch ↔ employee links (one per imported punch). A reference check per row
 * cost as much as writing the row; tenants are never deleted, and row-level
 * security keys on the column all the same.
 */
export const tenantSemReferencia = () => integer('tenant_id').notNull();

/**
 * The tenant's main company (seed 000 §3 Empresa): one per tenant. It holds the
 * closing period (diaInicioFechamento..diaFinalFechamento, 1–31) every
 * movement and report of the tenant uses.
 */
export const empresas = pgTable(
  'empresas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    nome: varchar('nome', { length: 150 }).notNull(),
    diaInicioFechamento: smallint('dia_inicio_fechamento').notNull().default(1),
    diaFinalFechamento: smallint('dia_final_fechamento').notNull().default(31),
    /** IANA zone of the company's wall clock (punches are stored in it). */
    fusoHorario: varchar('fuso_horario', { length: 64 }).notNull().default('America/Sao_Paulo'),
  },
  (t) => [uniqueIndex('empresas_tenant_uq').on(t.tenantId)],
);

/** CNPJ (or CPF) registrations of the tenant (seed 000 §3 Empresa / CNPJ). */
export const cnpjs = pgTable(
  'cnpjs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    /** Digits only; 14 for a CNPJ, 11 for a CPF. */
    numero: varchar('numero', { length: 14 }).notNull(),
    tipoNumeroDocumento: varchar('tipo_numero_documento', { length: 4 }).notNull().default('cnpj'),
    razaoSocial: varchar('razao_social', { length: 150 }).notNull(),
    telefone1: varchar('telefone1', { length: 20 }),
    telefone2: varchar('telefone2', { length: 20 }),
    celular: varchar('celular', { length: 20 }),
    codigoContabil: varchar('codigo_contabil', { length: LIMITS.empresaCodigoContabil }),
    codigoFilial: varchar('codigo_filial', { length: LIMITS.empresaCodigoFilial }),
    principal: boolean('principal').notNull().default(false),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    // Endereço (seed 000 §3 Endereco). Nullable: CNPJs registered before the
    // address existed, and the provider's first company, get it on first edit.
    tipoLocal: varchar('tipo_local', { length: 10 }),
    rua: varchar('rua', { length: LIMITS.enderecoRua }),
    numeroEndereco: varchar('numero_endereco', { length: LIMITS.enderecoNumero }),
    complemento: varchar('complemento', { length: LIMITS.enderecoComplemento }),
    /** Digits only (8). */
    cep: varchar('cep', { length: 8 }),
    bairro: varchar('bairro', { length: LIMITS.enderecoBairro }),
    cidadeId: integer('cidade_id').references(() => cidades.id),
    /** IANA zone of this company's wall clock, taken from its city (punches are stored in it). */
    fusoHorario: varchar('fuso_horario', { length: 64 }).notNull().default('America/Sao_Paulo'),
  },
  (t) => [uniqueIndex('cnpjs_tenant_numero_uq').on(t.tenantId, t.numero)],
);
