import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { cnpjs, tenantIdColumn, tenantSemReferencia } from './tenancy.js';
import { usuarios } from './access.js';
import { funcionarios } from './funcionarios.js';

/*
 * Issue 11 §5: the stored results of the calculation (decision 0049). One
 * calculation = one employee × one closing period; its rows are replaced as a
 * whole (delete + bulk insert) in the transaction that calculated them, under
 * the employee's calculation lock, so readers never see two calculations
 * mixed. A closed period (`periodos_funcionario.fechado`) is never
 * recalculated: its rows stay as they were when it closed.
 */

/**
 * One calculated employee-day (seed 002 §3 "Day of the timesheet"). The
 * engine's DayResult is split between the columns — what the time sheet, the
 * Controle do Ponto list and the reports filter or sum on — and `resultado`,
 * the jsonb of the rest (punches, pairs, bands, events, flags), empty values
 * left out; `modules/calculo/dia-gravado.ts` splits and reassembles it
 * exactly (decision 0049). Never the trace. `cargo_id`/`centro_custo_id`/`cnpj_id` are the
 * employee's on that day (the piece of the period, decision 0050), so reports
 * per cost centre or position need no history walk.
 */
export const calculoDias = pgTable(
  'calculo_dias',
  {
    tenantId: tenantSemReferencia(),
    funcionarioId: integer('funcionario_id').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    /** First day of the closing period the day belongs to (the summary's key). */
    periodoInicio: date('periodo_inicio', { mode: 'string' }).notNull(),
    cnpjId: integer('cnpj_id').notNull(),
    centroCustoId: integer('centro_custo_id').notNull(),
    cargoId: integer('cargo_id'),
    /** The schedule (escala) that ruled the day: the time sheet's codigoHorario. */
    escalaId: integer('escala_id'),
    /** Engine DayType: weekday | saturday | sunday | holiday | dayoff. */
    tipoDia: varchar('tipo_dia', { length: 8 }).notNull(),
    afastado: boolean('afastado').notNull(),
    irregular: boolean('irregular').notNull(),
    // Minutes, as the engine gives them (legal minutes where §2.3 says so).
    planejado: integer('planejado').notNull(),
    trabalhado: integer('trabalhado').notNull(),
    normal: integer('normal').notNull(),
    atraso: integer('atraso').notNull(),
    saidaAntecipada: integer('saida_antecipada').notNull(),
    falta: integer('falta').notNull(),
    excessoIntervalo: integer('excesso_intervalo').notNull(),
    faltaMarcacao: integer('falta_marcacao').notNull(),
    faltaMarcacaoFlag: boolean('falta_marcacao_flag').notNull(),
    /** Σ of every overtime band (day and night), real minutes. */
    horasExtras: integer('horas_extras').notNull(),
    noturnoReduzido: integer('noturno_reduzido').notNull(),
    interjornada: integer('interjornada').notNull(),
    intervaloSuprimido: integer('intervalo_suprimido').notNull(),
    abono: integer('abono').notNull(),
    bancoCredito: integer('banco_credito').notNull(),
    bancoDebito: integer('banco_debito').notNull(),
    horasFaltantes: integer('horas_faltantes').notNull(),
    resultado: jsonb('resultado').notNull(),
    /**
     * MD5 of everything above but the key and `periodo_inicio`, computed where the engine ran
     * (`dia-gravado.ts`): a recalculation rewrites the row only when it differs (decision 0078), comparing
     * these 16 bytes instead of the columns and the jsonb. NULL (a row stored before it existed) always differs.
     */
    assinatura: uuid('assinatura'),
  },
  // The key, and the days stored open (decision 0073): the midnight job reads them, a few per employee.
  (t) => [
    primaryKey({ columns: [t.tenantId, t.funcionarioId, t.dia] }),
    index('calculo_dias_em_aberto')
      .on(t.tenantId, t.dia)
      .where(sql`(${t.resultado} -> 'flags') @> '["DIA_EM_ABERTO"]'::jsonb`),
  ],
);

/**
 * The DSR outcome of each Monday–Sunday week a calculation evaluated (spec §16).
 * Keyed by the period too: both neighbouring periods evaluate a boundary week,
 * and a closed period keeps its own evaluation.
 */
export const calculoSemanas = pgTable(
  'calculo_semanas',
  {
    tenantId: tenantSemReferencia(),
    funcionarioId: integer('funcionario_id').notNull(),
    periodoInicio: date('periodo_inicio', { mode: 'string' }).notNull(),
    segunda: date('segunda', { mode: 'string' }).notNull(),
    dsrPago: integer('dsr_pago').notNull(),
    dsrDebito: integer('dsr_debito').notNull(),
    /** 'YYYY-MM' of the period a DSR Débito is posted to (§16.4), or null. */
    periodoLancamento: varchar('periodo_lancamento', { length: 7 }),
    /** The engine's WeekDsr. */
    resultado: jsonb('resultado').notNull(),
    /**
     * Fingerprint of the row's values as the engine's thread wrote them (`linhas-lote.ts`, decision 0088): a
     * recalculation sends and rewrites only the weeks whose fingerprint differs. NULL always differs.
     */
    assinatura: uuid('assinatura'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.funcionarioId, t.periodoInicio, t.segunda] })],
);

/**
 * The month summary of one employee × one closing period (seed 002 §3 "Monthly
 * summary", spec §17). `resumo` holds what the engine returned for the period
 * (summary, bank fields, totaisBancoHoras, warnings) plus the pieces the period
 * was split into. The period's `fechado` is not copied here: readers join
 * `periodos_funcionario` (the one truth), see `calculo.repository.ts`.
 * `saldo_final_bh` is the next period's saldoAnteriorBH.
 */
export const calculoResumos = pgTable(
  'calculo_resumos',
  {
    tenantId: tenantIdColumn(),
    funcionarioId: integer('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'cascade' }),
    periodoInicio: date('periodo_inicio', { mode: 'string' }).notNull(),
    periodoFim: date('periodo_fim', { mode: 'string' }).notNull(),
    ano: smallint('ano').notNull(),
    mes: smallint('mes').notNull(),
    cnpjId: integer('cnpj_id').notNull(),
    diasTrabalhados: integer('dias_trabalhados').notNull(),
    jornada: integer('jornada').notNull(),
    jornadaEAbono: integer('jornada_e_abono').notNull(),
    horasExtras: integer('horas_extras').notNull(),
    // Controle do Ponto's divergence counters (seed 002 §3 "Period control row").
    qtdFaltas: integer('qtd_faltas').notNull(),
    qtdAtrasos: integer('qtd_atrasos').notNull(),
    qtdSaidasAntecipadas: integer('qtd_saidas_antecipadas').notNull(),
    qtdExcessoRefeicao: integer('qtd_excesso_refeicao').notNull(),
    qtdFaltaMarcacao: integer('qtd_falta_marcacao').notNull(),
    qtdInterjornada: integer('qtd_interjornada').notNull(),
    /** Hour bank (null without an active bank in the period). */
    saldoAnteriorBh: integer('saldo_anterior_bh'),
    saldoFinalBh: integer('saldo_final_bh'),
    resumo: jsonb('resumo').notNull(),
    /** Fingerprint of the row's values, as on `calculo_semanas` (decision 0088); `calculado_em` is not among them. */
    assinatura: uuid('assinatura'),
    calculadoEm: timestamp('calculado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.funcionarioId, t.periodoInicio] }),
    index('calculo_resumos_periodo_idx').on(t.tenantId, t.ano, t.mes, t.funcionarioId),
  ],
);

/**
 * One Cálculo do Ponto run (decision 0051): `calcular`/`calcular-flexivel`
 * insert it and enqueue one job; the job advances `calculados` as its batches
 * commit; `GET /api/calculo-ponto/progresso/:id` reads it for the bar.
 * `parametros`: the employees and periods the run covers, resolved when asked
 * (the caller's scope at that moment).
 */
export const calculoExecucoes = pgTable(
  'calculo_execucoes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    cnpjId: integer('cnpj_id').references(() => cnpjs.id, { onDelete: 'cascade' }),
    /** 'simples' (a closing period) or 'flexivel' (a date range). */
    modo: varchar('modo', { length: 8 }).notNull(),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFinal: date('data_final', { mode: 'string' }).notNull(),
    parametros: jsonb('parametros').notNull(),
    /** Employee × period calculations to do and done. */
    total: integer('total').notNull(),
    calculados: integer('calculados').notNull().default(0),
    status: varchar('status', { length: 12 }).notNull().default('FILA'),
    mensagem: text('mensagem'),
    solicitadoEm: timestamp('solicitado_em', { withTimezone: true }).notNull().defaultNow(),
    inicioProcessamento: timestamp('inicio_processamento', { withTimezone: true }),
    fimProcessamento: timestamp('fim_processamento', { withTimezone: true }),
  },
  (t) => [
    index('calculo_execucoes_tenant_idx').on(t.tenantId, t.solicitadoEm),
    check('calculo_execucoes_status_ck', sql`${t.status} IN ('FILA','PROCESSANDO','PROCESSADO','ERRO')`),
    check('calculo_execucoes_modo_ck', sql`${t.modo} IN ('simples','flexivel')`),
    check('calculo_execucoes_calculados_ck', sql`${t.calculados} BETWEEN 0 AND ${t.total}`),
  ],
);
