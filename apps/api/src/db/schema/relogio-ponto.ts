import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { relogioPontoApi } from '@jornada/contracts';
import { tenantIdColumn, tenants, cnpjs } from './tenancy.js';
import { usuarios } from './access.js';

const L = relogioPontoApi.RELOGIO_PONTO_LIMITS;

/**
 * A company's time clock (seed 001 §3 'Time clock'; issue 25 §2). The serial
 * number is unique per manufacturer within the tenant; the cloud id (a push
 * clock's `deviceId`, spec/devices.md §4(a)) within the tenant too, so a
 * device's call binds to one clock.
 */
export const relogiosPonto = pgTable(
  'relogios_ponto',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    numeroSerie: varchar('numero_serie', { length: L.numeroSerie }).notNull(),
    fabricante: varchar('fabricante', { length: 30 }).notNull(),
    modelo: varchar('modelo', { length: 30 }),
    portaria: varchar('portaria', { length: 4 }),
    autorizacao: varchar('autorizacao', { length: L.autorizacao }),
    localInstalacao: varchar('local_instalacao', { length: L.localInstalacao }),
    integracaoLeitorFacial: boolean('integracao_leitor_facial').notNull().default(false),
    numeroSerieLeitorFacial: varchar('numero_serie_leitor_facial', { length: L.numeroSerie }),
    tipoServico: varchar('tipo_servico', { length: 20 }).notNull().default('N/D'),
    idCloud: varchar('id_cloud', { length: L.idCloud }),
    proximoNsr: bigint('proximo_nsr', { mode: 'number' }),
    dataCadastro: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    dataAutorizacao: timestamp('data_autorizacao', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('relogios_ponto_serie_uq').on(t.tenantId, t.fabricante, t.numeroSerie),
    uniqueIndex('relogios_ponto_id_cloud_uq')
      .on(t.tenantId, t.idCloud)
      .where(sql`${t.idCloud} IS NOT NULL`),
    index('relogios_ponto_cnpj_idx').on(t.tenantId, t.cnpjId),
  ],
);

/**
 * The tenant's company token for its clocks (seed 001 §2.10: generated once).
 * A device presents it in its server address, so it is looked up by its
 * SHA-256 (`hash`, unique across tenants: the token alone names the tenant);
 * the screen shows and copies it again, so it is also kept sealed by its own
 * field key (`cifrado`, decision 0065's cipher), never in clear.
 */
export const relogioTokens = pgTable(
  'relogio_tokens',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    hash: char('hash', { length: 64 }).notNull(),
    cifrado: text('cifrado').notNull(),
    geradoEm: timestamp('gerado_em', { withTimezone: true }).notNull().defaultNow(),
    geradoPor: integer('gerado_por').references(() => usuarios.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('relogio_tokens_hash_uq').on(t.hash)],
);
