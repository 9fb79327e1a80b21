import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { relogioPontoApi } from '@jornada/contracts';
import { tenantIdColumn, tenants, cnpjs } from './tenancy.js';
import { usuarios } from './access.js';
import { funcionarios } from './funcionarios.js';

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
    // Push service state (issue 25 §4; spec/devices.md §4(a)): read from the device's own traffic.
    /** Off = 'Parado': no command is handed out; punches still arrive (a punch is never refused for it). */
    monitoramentoAtivo: boolean('monitoramento_ativo').notNull().default(true),
    /** Why the clock is in error (a command that failed for good); cleared when monitoring starts again. */
    erroMensagem: text('erro_mensagem'),
    ultimaConexao: timestamp('ultima_conexao', { withTimezone: true }),
    ultimaSincronizacao: timestamp('ultima_sincronizacao', { withTimezone: true }),
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
 * A device that called with the company token and a `deviceId` no clock
 * has (spec/devices.md §4(a) 'Binding'): kept so an admin can bind it, and
 * answered 200 (a 4xx makes a device retry forever).
 */
export const relogioDispositivosDesconhecidos = pgTable(
  'relogio_dispositivos_desconhecidos',
  {
    tenantId: tenantIdColumn(),
    deviceId: varchar('device_id', { length: 20 }).notNull(),
    primeiraChamada: timestamp('primeira_chamada', { withTimezone: true }).notNull().defaultNow(),
    ultimaChamada: timestamp('ultima_chamada', { withTimezone: true }).notNull().defaultNow(),
    chamadas: integer('chamadas').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deviceId] })],
);

/**
 * One 'Sincronizar…' click (spec/devices.md §4(a) 'relogio_tarefa'): its
 * commands, over one or more clocks, and who asked.
 */
export const relogioTarefas = pgTable(
  'relogio_tarefas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 40 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('relogio_tarefas_cnpj_idx').on(t.tenantId, t.cnpjId, t.criadoEm)],
);

/**
 * The command queue of each push clock (spec/devices.md §4(a)
 * 'relogio_comando'): handed out in `id` order on the device's poll, one
 * at a time, and closed by its result. `funcionario_ids` are the employees
 * the command carries ('Funcionários para Sincronizar' counts those of
 * commands still open); `payload` is what the device receives (verb,
 * endpoint, body, contentType, queryString).
 */
export const relogioComandos = pgTable(
  'relogio_comandos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    relogioId: integer('relogio_id')
      .notNull()
      .references(() => relogiosPonto.id, { onDelete: 'cascade' }),
    tarefaId: bigint('tarefa_id', { mode: 'number' }).references(() => relogioTarefas.id, { onDelete: 'set null' }),
    tipo: varchar('tipo', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    funcionarioIds: integer('funcionario_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    status: varchar('status', { length: 10 }).notNull().default('PENDENTE'),
    uuidEnvio: varchar('uuid_envio', { length: 64 }),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    tentativas: smallint('tentativas').notNull().default(0),
    erro: text('erro'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  },
  (t) => [
    index('relogio_comandos_fila_idx')
      .on(t.tenantId, t.relogioId, t.id)
      .where(sql`${t.status} IN ('PENDENTE','ENVIADO')`),
    index('relogio_comandos_envio_idx').on(t.tenantId, t.relogioId, t.uuidEnvio),
    check('relogio_comandos_status_ck', sql`${t.status} IN ('PENDENTE','ENVIADO','OK','ERRO')`),
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

/**
 * The employees the product registered on a REP clock that a Coletor Local
 * serves (decision 0083). A REP keys its users by CPF (portaria 671) or PIS
 * (1510) and records every inclusion, change and removal in its AFD (type 5),
 * so an employee's next change becomes `add_users`, `update_users` or
 * `remove_users` as this table says, never a blind delete-and-add; the
 * identifier as sent is kept to remove it when it changes.
 */
export const relogioUsuarios = pgTable(
  'relogio_usuarios',
  {
    tenantId: tenantIdColumn(),
    relogioId: integer('relogio_id')
      .notNull()
      .references(() => relogiosPonto.id, { onDelete: 'cascade' }),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    identificador: varchar('identificador', { length: 12 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.relogioId, t.funcionarioId] })],
);
