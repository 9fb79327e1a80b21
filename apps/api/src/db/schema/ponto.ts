import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  char,
  date,
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
import { cnpjs, tenantIdColumn, tenantSemReferencia } from './tenancy.js';
import { usuarios } from './access.js';
import { funcionarios } from './funcionarios.js';
import { justificativas } from './justificativas.js';

/*
 * Issue 11: the punch store, every engine input that had no table yet, the
 * dirty employee-days and the document requests. Wall-clock values are
 * `timestamp without time zone` (the company's local time, as the law and the
 * engine read them); instants are `timestamptz`.
 */

/** Who wrote a treatment row: the user's id and name, copied (the name still reads after a rename). */
const autoria = () => ({
  usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
  usuarioNome: varchar('usuario_nome', { length: 100 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Document request (seed 002 §3 "Document request"; issue 11 §3): one report,
 * document or import asked for by a user, processed by a job. `status` FILA →
 * PROCESSANDO → PROCESSADO | ERRO. `mensagem` keeps the seed's '#'-separated
 * messages. `arquivo` is the storage key of the produced file (the link is
 * signed when read, valid until `data_validade_link`). `progresso` 0–100 feeds
 * progress bars. `parametros` is the request body as received.
 */
export const solicitacoesDocumento = pgTable(
  'solicitacoes_documento',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    cnpjId: integer('cnpj_id').references(() => cnpjs.id, { onDelete: 'cascade' }),
    /** Type name shown in the history's Item column, e.g. 'AFD'. */
    nome: varchar('nome', { length: 100 }).notNull(),
    servico: varchar('servico', { length: 60 }).notNull(),
    nomeDocumento: varchar('nome_documento', { length: 200 }),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }),
    tipoDocumento: varchar('tipo_documento', { length: 10 }),
    parametros: jsonb('parametros').notNull().default({}),
    status: varchar('status', { length: 12 }).notNull().default('FILA'),
    mensagem: text('mensagem'),
    progresso: smallint('progresso').notNull().default(0),
    arquivo: varchar('arquivo', { length: 300 }),
    dataValidadeLink: timestamp('data_validade_link', { withTimezone: true }),
    solicitadoEm: timestamp('solicitado_em', { withTimezone: true }).notNull().defaultNow(),
    inicioProcessamento: timestamp('inicio_processamento', { withTimezone: true }),
    fimProcessamento: timestamp('fim_processamento', { withTimezone: true }),
  },
  (t) => [
    index('solicitacoes_documento_tenant_cnpj_idx').on(t.tenantId, t.cnpjId, t.solicitadoEm),
    check('solicitacoes_documento_status_ck', sql`${t.status} IN ('FILA','PROCESSANDO','PROCESSADO','ERRO')`),
    check('solicitacoes_documento_progresso_ck', sql`${t.progresso} BETWEEN 0 AND 100`),
  ],
);

/**
 * One AFD file imported (Arquivo AFD, seed 002; issue 11 §4). The file sits in
 * the storage port under `arquivo`; `linhas_processadas` lets a job killed
 * mid-import resume where it stopped; `resultado` lists every finding.
 */
export const afdImportacoes = pgTable(
  'afd_importacoes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id, { onDelete: 'cascade' }),
    solicitacaoId: bigint('solicitacao_id', { mode: 'number' }).references(() => solicitacoesDocumento.id, {
      onDelete: 'set null',
    }),
    portaria: varchar('portaria', { length: 4 }).notNull(),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }).notNull(),
    arquivo: varchar('arquivo', { length: 300 }).notNull(),
    linhasProcessadas: integer('linhas_processadas').notNull().default(0),
    resultado: jsonb('resultado'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('afd_importacoes_tenant_cnpj_idx').on(t.tenantId, t.cnpjId, t.criadoEm)],
);

/**
 * Original punch (issue 11 §1; Portaria 671): append-only — the database
 * refuses UPDATE and DELETE (trigger `marcacoes_somente_insercao`, installed
 * with the walls, since PGlite runs as superuser and grants alone would not
 * stop it). `origem` R clock / P REP-P; `relogio` the clock identity when the
 * file has one; `data_hora` the local wall-clock time in `fuso`, the company's
 * zone — a 671 date-time converted from its offset (issue 23 §0, decision
 * 0047) — and `data_hora_arquivo` the date-time as written in the file, with
 * its `deslocamento` and `instante` when it has one (null on rows stored
 * before migration 0014, whose `data_hora` is the time as written).
 * `identificador` is the CPF/PIS field exactly as read. A punch is stored
 * once: the unique key is the clock identity (or, without one, the company) +
 * NSR + date-time as written + identifier. The employee link is beside it
 * (`marcacao_funcionarios`).
 */
export const marcacoes = pgTable(
  'marcacoes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    cnpjId: integer('cnpj_id')
      .notNull()
      .references(() => cnpjs.id),
    origem: char('origem', { length: 1 }).notNull(),
    relogio: varchar('relogio', { length: 30 }),
    nsr: bigint('nsr', { mode: 'number' }).notNull(),
    dataHora: timestamp('data_hora', { mode: 'string' }).notNull(),
    fuso: varchar('fuso', { length: 40 }).notNull(),
    /** The date-time as written in the file (the AFD's and the espelho's); null before migration 0014. */
    dataHoraArquivo: timestamp('data_hora_arquivo', { mode: 'string' }),
    instante: timestamp('instante', { withTimezone: true }),
    /** '+HHMM' / '-HHMM' as the REP-P sent it. */
    deslocamento: varchar('deslocamento', { length: 6 }),
    identificador: varchar('identificador', { length: 14 }).notNull(),
    importacaoId: bigint('importacao_id', { mode: 'number' }).references(() => afdImportacoes.id),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marcacoes_origem_uq').on(
      t.tenantId,
      sql`coalesce(${t.relogio}, '#' || ${t.cnpjId}::text)`,
      t.nsr,
      // The time as written: the same key before and after the conversion to the company's zone (migration 0014).
      sql`coalesce(${t.dataHoraArquivo}, ${t.dataHora})`,
      t.identificador,
    ),
    index('marcacoes_tenant_identificador_idx').on(t.tenantId, t.identificador, t.dataHora),
    index('marcacoes_importacao_idx').on(t.importacaoId),
    check('marcacoes_origem_ck', sql`${t.origem} IN ('R','P')`),
  ],
);

/**
 * The link of an original punch to an employee, beside the punch (issue 11 §1):
 * a punch nobody matches has no row ('sem vínculo') and gets one when that
 * employee is registered. `data_hora` is copied from the punch (originals never
 * change) so the calculation reads an employee's month from this index alone.
 */
export const marcacaoFuncionarios = pgTable(
  'marcacao_funcionarios',
  {
    // No foreign keys (decisions 0056, 0058): a link is written in its punch's own statement (the
    // import) or by the linking pass, from existing punches and from employees read in the same
    // transaction; punches are never deleted (append-only trigger) and employees are never deleted
    // by the product. The three checks, one per link, were the import's largest cost beside COPY.
    tenantId: tenantSemReferencia(),
    marcacaoId: bigint('marcacao_id', { mode: 'number' }).notNull(),
    funcionarioId: integer('funcionario_id').notNull(),
    dataHora: timestamp('data_hora', { mode: 'string' }).notNull(),
    origem: char('origem', { length: 1 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.marcacaoId, t.funcionarioId] }),
    index('marcacao_funcionarios_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataHora),
  ],
);

/**
 * Treatment of an original punch (seed 002 Marking; §14.4): discarded
 * (Desconsiderar, with a justification) and/or moved a day before/after
 * (Mover Marcações). The original row is never touched.
 */
export const marcacaoTratamentos = pgTable(
  'marcacao_tratamentos',
  {
    tenantId: tenantIdColumn(),
    marcacaoId: bigint('marcacao_id', { mode: 'number' })
      .notNull()
      .references(() => marcacoes.id),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    descartada: boolean('descartada').notNull().default(false),
    /** Mover Marcações: −1 the day before, +1 the day after, 0 where the rules put it. */
    moverDia: smallint('mover_dia').notNull().default(0),
    justificativaId: integer('justificativa_id').references(() => justificativas.id),
    ...autoria(),
  },
  (t) => [
    primaryKey({ columns: [t.marcacaoId, t.funcionarioId] }),
    index('marcacao_tratamentos_funcionario_idx').on(t.tenantId, t.funcionarioId),
    check('marcacao_tratamentos_mover_ck', sql`${t.moverDia} BETWEEN -1 AND 1`),
  ],
);

/** Inserted punch (source I, justification type 4): lives beside the originals; may be deleted. */
export const marcacoesInseridas = pgTable(
  'marcacoes_inseridas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dataHora: timestamp('data_hora', { mode: 'string' }).notNull(),
    justificativaId: integer('justificativa_id')
      .notNull()
      .references(() => justificativas.id),
    ...autoria(),
  },
  (t) => [index('marcacoes_inseridas_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataHora)],
);

/** Escala de Folgas (seed 002): a day off of one employee. */
export const folgas = pgTable(
  'folgas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    ...autoria(),
  },
  (t) => [uniqueIndex('folgas_funcionario_data_uq').on(t.tenantId, t.funcionarioId, t.data)],
);

/** Ocorrência (seed 002 §3 Occurrence): a justification over whole days and the debit categories it covers. */
export const ocorrencias = pgTable(
  'ocorrencias',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }).notNull(),
    justificativaId: integer('justificativa_id')
      .notNull()
      .references(() => justificativas.id),
    abrangeFaltas: boolean('abrange_faltas').notNull().default(false),
    abrangeFaltaMarcacao: boolean('abrange_falta_marcacao').notNull().default(false),
    abrangeAtrasos: boolean('abrange_atrasos').notNull().default(false),
    abrangeSaidaAntecipada: boolean('abrange_saida_antecipada').notNull().default(false),
    abrangeExcessoRefeicao: boolean('abrange_excesso_refeicao').notNull().default(false),
    observacao: varchar('observacao', { length: 300 }),
    ...autoria(),
  },
  (t) => [
    index('ocorrencias_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataInicio),
    check('ocorrencias_datas_ck', sql`${t.dataFinal} >= ${t.dataInicio}`),
  ],
);

/** Mudança de Horário (seed 002 horarioFlexivel): replacement times for one date, 'HH:MM' (hours up to 29). */
export const mudancasHorario = pgTable(
  'mudancas_horario',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    entrada1: varchar('entrada1', { length: 5 }),
    saida1: varchar('saida1', { length: 5 }),
    entrada2: varchar('entrada2', { length: 5 }),
    saida2: varchar('saida2', { length: 5 }),
    entrada3: varchar('entrada3', { length: 5 }),
    saida3: varchar('saida3', { length: 5 }),
    justificativaId: integer('justificativa_id').references(() => justificativas.id),
    ...autoria(),
  },
  (t) => [uniqueIndex('mudancas_horario_funcionario_dia_uq').on(t.tenantId, t.funcionarioId, t.dia)],
);

/** Ajuste parcial (seed 002 Partial adjustment): justifies part of one event of a day, [inicio, fim). */
export const ajustesParciais = pgTable(
  'ajustes_parciais',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    /** Engine DebitCategory: falta | fm | atraso | saida | excesso. */
    codigoEvento: varchar('codigo_evento', { length: 10 }).notNull(),
    inicio: timestamp('inicio', { mode: 'string' }).notNull(),
    fim: timestamp('fim', { mode: 'string' }).notNull(),
    justificativaId: integer('justificativa_id')
      .notNull()
      .references(() => justificativas.id),
    ...autoria(),
  },
  (t) => [
    index('ajustes_parciais_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dia),
    check('ajustes_parciais_evento_ck', sql`${t.codigoEvento} IN ('falta','fm','atraso','saida','excesso')`),
    check('ajustes_parciais_intervalo_ck', sql`${t.fim} > ${t.inicio}`),
  ],
);

/** Lançar Saldo (seed 002 saldoBancoHoras): a manual hour-bank entry on its date. */
export const bancoHorasLancamentos = pgTable(
  'banco_horas_lancamentos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    minutos: integer('minutos').notNull(),
    negativo: boolean('negativo').notNull().default(false),
    ...autoria(),
  },
  (t) => [
    index('banco_horas_lancamentos_funcionario_idx').on(t.tenantId, t.funcionarioId, t.data),
    check('banco_horas_lancamentos_minutos_ck', sql`${t.minutos} >= 0`),
  ],
);

/** Redefinir Saldo: the hour bank starts again from zero in `mes` (first day of the month). */
export const bancoHorasRedefinicoes = pgTable(
  'banco_horas_redefinicoes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    mes: date('mes', { mode: 'string' }).notNull(),
    ...autoria(),
  },
  (t) => [
    uniqueIndex('banco_horas_redefinicoes_uq').on(t.tenantId, t.funcionarioId, t.mes),
    check('banco_horas_redefinicoes_mes_ck', sql`extract(day from ${t.mes}) = 1`),
  ],
);

/** Holiday on a day, excluded (ignored) for one employee (seed 002 Holiday exclusion). */
export const feriadoExclusoes = pgTable(
  'feriado_exclusoes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    ...autoria(),
  },
  (t) => [uniqueIndex('feriado_exclusoes_uq').on(t.tenantId, t.funcionarioId, t.data)],
);

/**
 * The closing period of one employee (seed 002 §4 "Period of an employee"):
 * `fechado` stops every recalculation of its days and freezes them in the
 * database (db/periodo-fechado.ts, decision 0075); `concluido` is the bulk
 * screen's mark. A period without a row is open.
 */
export const periodosFuncionario = pgTable(
  'periodos_funcionario',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }).notNull(),
    fechado: boolean('fechado').notNull().default(false),
    concluido: boolean('concluido').notNull().default(false),
    ...autoria(),
  },
  (t) => [
    uniqueIndex('periodos_funcionario_uq').on(t.tenantId, t.funcionarioId, t.dataInicio),
    // The freeze's triggers read the closed periods that end on or after a statement's first day: usually
    // none, however many months are closed before it (decision 0075).
    index('periodos_funcionario_fechados_idx')
      .on(t.tenantId, t.dataFinal)
      .where(sql`${t.fechado}`),
  ],
);

/**
 * Dirty employee-days (issue 11 §2): a write to any calculation input appends
 * the range of days it affects; the calculation jobs consume the rows (and
 * delete them in the transaction that stores the new results). Ranges, not
 * days, so a schedule change that touches a year costs one row per employee.
 */
export const calculoPendencias = pgTable(
  'calculo_pendencias',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }).notNull(),
    /** What wrote it (table or use case), for the trace and the tests. */
    motivo: varchar('motivo', { length: 60 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calculo_pendencias_funcionario_idx').on(t.tenantId, t.funcionarioId, t.dataInicio),
    check('calculo_pendencias_datas_ck', sql`${t.dataFinal} >= ${t.dataInicio}`),
  ],
);
