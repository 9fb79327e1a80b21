import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../shared/clock.js';
import type { Tx } from './tenant-tx.js';
import {
  PENDENCIAS_ADIADAS,
  TABELAS_PENDENCIAS,
  type EventoPendencia,
  type TabelaPendencias,
} from './pendencias-tabelas.js';

/**
 * Dirty employee-days (issue 11 §2, decisions 0053–0055). Every write to a
 * calculation input appends, in the same transaction, the days whose results
 * it can change to `calculo_pendencias`; the calculation jobs consume them.
 *
 * The marking lives in the database (statement-level triggers with transition
 * tables, installed with the walls at every start), so it holds whatever path
 * writes: services, imports, the provider, the seed, hand-written SQL. One
 * statement adds at most one row per employee and run of consecutive days,
 * merged with the rows not yet consumed that touch them (decision 0053).
 *
 * `marcarPendencias` is for what the triggers cannot see, e.g. the
 * calculation itself when a period's closing hour-bank balance changed and the
 * next open period must follow.
 */

/** A run of days of one employee, inclusive, 'yyyy-mm-dd'. */
export interface FaixaPendente {
  funcionarioId: number;
  dataInicio: string;
  dataFinal: string;
}

/** What `calculo_pendencias.motivo` says for rows written through `marcarPendencias` when the caller gives none. */
export const MOTIVO_MANUAL = 'manual';

/**
 * Marks days of employees of the tenant dirty, with the triggers' rules:
 * runs merged per employee and with the unconsumed rows they touch, days of
 * closed periods (`periodos_funcionario.fechado`) left out, employees that no
 * longer exist ignored. Ranges with `dataFinal < dataInicio` are ignored.
 */
export async function marcarPendencias(
  tx: Tx,
  tenantId: number,
  faixas: readonly FaixaPendente[],
  motivo: string = MOTIVO_MANUAL,
): Promise<void> {
  if (faixas.length === 0) return;
  await tx.execute(sql`SELECT jornada_registrar_pendencias(
    ${tenantId}::int,
    ${`{${faixas.map((f) => Number(f.funcionarioId)).join(',')}}`}::int[],
    ${`{${faixas.map((f) => f.dataInicio).join(',')}}`}::date[],
    ${`{${faixas.map((f) => f.dataFinal).join(',')}}`}::date[],
    ${motivo.slice(0, 60)}::text)`);
}

/**
 * Runs `fn` (in `tx`) with the employee links it inserts left unmarked: the
 * caller marks their days itself, once, with `marcarPendenciasDeVinculos`
 * (the AFD import, decision 0060). The setting is back off when `fn` ends, so
 * nothing else in the transaction goes unmarked.
 */
export async function semPendenciasDosVinculos<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  await tx.execute(sql`SELECT set_config(${PENDENCIAS_ADIADAS}, 'on', true)`);
  const r = await fn();
  await tx.execute(sql`SELECT set_config(${PENDENCIAS_ADIADAS}, 'off', true)`);
  return r;
}

/** The links table's entry: its neighbour-day rule and motivo, for `marcarPendenciasDeVinculos`. */
const VINCULOS = TABELAS_PENDENCIAS.find((t) => t.tabela === 'marcacao_funcionarios')!;

/** Notes that an employee was linked on a day ('yyyy-mm-dd'), in the map `marcarPendenciasDeVinculos` takes. */
export function anotarDiaDeVinculo(dias: Map<number, Set<string>>, funcionarioId: number, dia: string): void {
  const doFuncionario = dias.get(funcionarioId);
  if (doFuncionario) doFuncionario.add(dia);
  else dias.set(funcionarioId, new Set([dia]));
}

/**
 * Marks what the links trigger would have marked for links of these
 * employees on these days ('yyyy-mm-dd'): each day and its neighbours, one
 * range per run of days. For a writer that inserted links inside
 * `semPendenciasDosVinculos` (decision 0060).
 */
export async function marcarPendenciasDeVinculos(
  tx: Tx,
  tenantId: number,
  dias: ReadonlyMap<number, Iterable<string>>,
): Promise<void> {
  const faixas: FaixaPendente[] = [];
  const v = VINCULOS.vizinhos;
  for (const [funcionarioId, lista] of dias) {
    let atual: FaixaPendente | undefined;
    for (const d of [...new Set(lista)].sort()) {
      const de = addDays(d, -v);
      if (atual && de <= addDays(atual.dataFinal, 1)) atual.dataFinal = addDays(d, v);
      else faixas.push((atual = { funcionarioId, dataInicio: de, dataFinal: addDays(d, v) }));
    }
  }
  await marcarPendencias(tx, tenantId, faixas, VINCULOS.motivo);
}

/**
 * The last day a change dated `desde` can reach when its effect carries
 * forward (hour-bank entries and resets, open-ended leaves and histories, a
 * new schedule version): the end of the tenant's closing period (decision
 * 0019) that holds `desde` or today in the company's zone, whichever is later
 * (decision 0054).
 */
export async function horizontePendencias(tx: Tx, tenantId: number, desde: string): Promise<string> {
  return umValor(tx, sql`SELECT jornada_horizonte(${tenantId}::int, ${desde}::date)::text AS v`);
}

/**
 * The first day a change without a date of its own reaches (a repeating
 * holiday, a move of an employee's cost centre or company): 1 January of the
 * previous year in the company's zone (decision 0054).
 */
export async function inicioJanelaPendencias(tx: Tx, tenantId: number): Promise<string> {
  return umValor(tx, sql`SELECT jornada_janela_inicio(${tenantId}::int)::text AS v`);
}

/** The `v` of a one-row query (client.ts' queryRows, which this module cannot import: client → walls → here). */
async function umValor(tx: Tx, query: SQL): Promise<string> {
  const { rows } = (await tx.execute(query)) as unknown as { rows: { v: string }[] };
  return rows[0]!.v;
}

// ---------------------------------------------------------------------------
// The SQL installed with the walls.

/**
 * The one statement that turns candidate ranges into rows of
 * `calculo_pendencias` (decision 0053). `candidatas` is a query with the
 * columns tenant_id, funcionario_id, inicio, fim (inclusive dates); `motivo`
 * an SQL expression.
 *
 * 1. The candidates of each employee become one multirange (adjacent and
 *    overlapping days join), minus the employee's closed periods; an employee
 *    deleted by the same statement (cascades) is dropped.
 * 2. Days an unconsumed row already holds are left out, and that row is
 *    locked (KEY SHARE, which a consumer's FOR UPDATE waits for and so skips)
 *    until this transaction commits: no consumer can take it and calculate
 *    without this write. A row a consumer has already taken is skipped, so its
 *    days count as new. An import of a day's punches in several batches
 *    rewrote every employee's row at every batch; now only the first does.
 * 3. The employee's unconsumed rows that overlap or touch the days left are
 *    absorbed (their days added), but only rows nobody else holds a lock on
 *    (SKIP LOCKED): no wait, no deadlock with another writer or with a
 *    consumer; a row skipped stays as it is, so no day is ever lost, at worst
 *    a day is stored twice.
 * 4. One row per employee and run of consecutive days: the oldest absorbed
 *    row inside the run is stretched over it (an UPDATE that leaves its
 *    index entries alone when the run starts where it did: the usual case of
 *    punches arriving day after day), the other absorbed rows are deleted,
 *    and a run without one is inserted.
 */
function registrarPendenciasSql(candidatas: string, motivo: string): string {
  return `
-- MATERIALIZED: each candidate's days computed once. Inlined, its end (a call of jornada_horizonte for an
-- open history entry) was copied into every condition and aggregate that names it: four calls a row.
WITH candidatas AS MATERIALIZED (${candidatas}),
novas AS (
  SELECT c.tenant_id, c.funcionario_id, range_agg(daterange(c.inicio, c.fim, '[]')) AS dias
    FROM candidatas c
   WHERE c.inicio IS NOT NULL AND c.fim IS NOT NULL AND c.inicio <= c.fim
   GROUP BY c.tenant_id, c.funcionario_id),
abertas AS (
  SELECT n.tenant_id, n.funcionario_id, n.dias - coalesce(fp.fechados, '{}'::datemultirange) AS dias
    FROM novas n
    JOIN funcionarios fu ON fu.tenant_id = n.tenant_id AND fu.id = n.funcionario_id
    LEFT JOIN LATERAL (
      SELECT range_agg(daterange(p.data_inicio, p.data_final, '[]')) AS fechados
        FROM periodos_funcionario p
       WHERE p.tenant_id = n.tenant_id AND p.funcionario_id = n.funcionario_id AND p.fechado) fp ON true),
faltam AS (
  -- Per employee (LATERAL): the row count of abertas is not known when the statement is planned, and a
  -- join of two CTEs estimated at one row each became a nested loop of 5,000 × 5,000 in an import batch.
  SELECT a.tenant_id, a.funcionario_id, a.dias - coalesce(c.dias, '{}'::datemultirange) AS dias
    FROM abertas a
    LEFT JOIN LATERAL (
      SELECT range_agg(daterange(k.data_inicio, k.data_final, '[]')) AS dias
        FROM (SELECT q.data_inicio, q.data_final FROM calculo_pendencias q
               WHERE q.tenant_id = a.tenant_id AND q.funcionario_id = a.funcionario_id
                 AND a.dias && daterange(q.data_inicio, q.data_final, '[]')
                 FOR KEY SHARE OF q SKIP LOCKED) k) c ON true),
absorvidas AS MATERIALIZED (
  SELECT q.id, q.tenant_id, q.funcionario_id, daterange(q.data_inicio, q.data_final, '[]') AS r
    FROM calculo_pendencias q
    JOIN faltam a ON q.tenant_id = a.tenant_id AND q.funcionario_id = a.funcionario_id
   WHERE NOT isempty(a.dias)
     AND (a.dias && daterange(q.data_inicio, q.data_final, '[]')
          OR a.dias -|- daterange(q.data_inicio, q.data_final, '[]'))
     FOR UPDATE OF q SKIP LOCKED),
juntas AS (
  -- Per employee, the absorbed rows travel as arrays: pieces and rows are matched below without a join of
  -- two CTEs (see faltam).
  SELECT x.tenant_id, x.funcionario_id, range_agg(x.r) AS dias,
         array_agg(x.id ORDER BY x.id) FILTER (WHERE x.id IS NOT NULL) AS ids,
         array_agg(x.r ORDER BY x.id) FILTER (WHERE x.id IS NOT NULL) AS rs
    FROM (SELECT a.tenant_id, a.funcionario_id, NULL::bigint AS id, unnest(a.dias) AS r FROM faltam a
          UNION ALL
          SELECT b.tenant_id, b.funcionario_id, b.id, b.r FROM absorvidas b) x
   GROUP BY x.tenant_id, x.funcionario_id),
pedacos AS (
  -- Each run of days, with the oldest absorbed row inside it (kept and stretched) and the others (deleted).
  SELECT j.tenant_id, j.funcionario_id, p.r, c.manter, c.outras
    FROM juntas j
   CROSS JOIN LATERAL unnest(j.dias) AS p(r)
   CROSS JOIN LATERAL (
     SELECT min(u.id) AS manter, (array_agg(u.id ORDER BY u.id))[2:] AS outras
       FROM unnest(j.ids, j.rs) AS u(id, r)
      WHERE u.r <@ p.r) c),
esticadas AS (
  UPDATE calculo_pendencias cp
     SET data_inicio = lower(p.r), data_final = upper(p.r) - 1, motivo = ${motivo}
    FROM pedacos p
   WHERE p.manter IS NOT NULL AND cp.id = p.manter
  RETURNING cp.id),
apagadas AS (
  DELETE FROM calculo_pendencias cp
   WHERE cp.id IN (SELECT unnest(p.outras) FROM pedacos p WHERE p.outras IS NOT NULL)
  RETURNING cp.id)
INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
SELECT p.tenant_id, p.funcionario_id, lower(p.r), upper(p.r) - 1, ${motivo}
  FROM pedacos p
 WHERE p.manter IS NULL`;
}

/**
 * The candidate ranges of one statement on `t`: the transition table's rows
 * for INSERT and DELETE; for UPDATE, per row (matched by `chave`), the days
 * that entered or left it when nothing else changed (`conteudo` equal), or
 * every day it covered before and after when something else did; then the
 * table's neighbour days on each side.
 */
function candidatasSql(t: TabelaPendencias, evento: EventoPendencia, fonte?: string): string {
  const v = t.vizinhos;
  if (evento !== 'UPDATE') {
    // No DISTINCT: range_agg absorbs repeats, and on 1,000,000 punches it is
    // three times faster than hashing the rows first.
    return `SELECT x.tenant_id, x.funcionario_id, x.inicio - ${v} AS inicio, x.fim + ${v} AS fim
              FROM (${t.faixas(fonte ?? (evento === 'INSERT' ? 'novas' : 'antigas'))}) x`;
  }
  const lado = (fonteLado: string) => `
    SELECT x.tenant_id, x.funcionario_id, x.chave, x.conteudo,
           range_agg(daterange(x.inicio, x.fim, '[]')) AS dias
      FROM (${t.faixas(fonteLado)}) x
     WHERE x.inicio <= x.fim
     GROUP BY x.tenant_id, x.funcionario_id, x.chave, x.conteudo`;
  return `
SELECT d.tenant_id, d.funcionario_id, lower(r) - ${v} AS inicio, upper(r) - 1 + ${v} AS fim
  FROM (
    SELECT coalesce(n.tenant_id, o.tenant_id) AS tenant_id,
           coalesce(n.funcionario_id, o.funcionario_id) AS funcionario_id,
           CASE WHEN o.conteudo IS NOT DISTINCT FROM n.conteudo
                THEN (coalesce(o.dias, '{}') - coalesce(n.dias, '{}')) + (coalesce(n.dias, '{}') - coalesce(o.dias, '{}'))
                ELSE coalesce(o.dias, '{}') + coalesce(n.dias, '{}') END AS dias
      FROM (${lado('antigas')}) o
      FULL JOIN (${lado('novas')}) n
        ON n.tenant_id = o.tenant_id AND n.funcionario_id = o.funcionario_id AND n.chave = o.chave) d
  CROSS JOIN LATERAL unnest(d.dias) AS r`;
}

const literal = (texto: string) => `'${texto.replaceAll("'", "''").slice(0, 60)}'`;

const sufixo: Record<EventoPendencia, string> = { INSERT: 'ins', UPDATE: 'upd', DELETE: 'del' };

/** The trigger function (replaced at every start) and the trigger (created once) of one table and event. */
function gatilhoSql(t: TabelaPendencias, evento: EventoPendencia): { funcao: string; gatilho: Gatilho } {
  const nome = `${t.tabela}_pendencias_${sufixo[evento]}`;
  const funcao = `jornada_pendencias_${t.tabela}_${sufixo[evento]}`;
  // A holiday's scope lists are gone (cascade) before an AFTER trigger on the
  // holiday runs; a row-level BEFORE DELETE still sees them (decision 0054).
  const porLinha = evento === 'DELETE' && !!t.antesDeExcluir;
  const transicao =
    evento === 'INSERT'
      ? 'NEW TABLE AS novas'
      : evento === 'DELETE'
        ? 'OLD TABLE AS antigas'
        : 'OLD TABLE AS antigas NEW TABLE AS novas';
  // A transaction that marks these rows' days itself later (semPendenciasDosVinculos) skips the work here.
  const adiada =
    t.adiavel && evento === 'INSERT'
      ? `IF current_setting('${PENDENCIAS_ADIADAS}', true) = 'on' THEN RETURN NULL; END IF;`
      : '';
  return {
    funcao: `
CREATE OR REPLACE FUNCTION ${funcao}() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  ${adiada}
  ${registrarPendenciasSql(candidatasSql(t, evento, porLinha ? '(SELECT OLD.*)' : undefined), literal(t.motivo))};
  RETURN ${porLinha ? 'OLD' : 'NULL'};
END $f$`,
    gatilho: {
      nome,
      tabela: t.tabela,
      sql: porLinha
        ? `CREATE TRIGGER ${nome} BEFORE DELETE ON ${t.tabela} FOR EACH ROW EXECUTE FUNCTION ${funcao}()`
        : `CREATE TRIGGER ${nome} AFTER ${evento} ON ${t.tabela} REFERENCING ${transicao}
             FOR EACH STATEMENT EXECUTE FUNCTION ${funcao}()`,
    },
  };
}

interface Gatilho {
  nome: string;
  tabela: string;
  sql: string;
}

/**
 * The calendar functions the triggers and `horizontePendencias` share
 * (decision 0054). `jornada_fim_periodo` is the SQL twin of contracts'
 * `periodoFechamentoDaData(...).fim` (its test compares both on every pair of
 * days over years).
 */
const FUNCOES_CALENDARIO = [
  `
CREATE OR REPLACE FUNCTION jornada_fim_periodo(p_dia_final int, d date) RETURNS date
LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE WHEN extract(day FROM d)::int <= least(p_dia_final, extract(day FROM m.fim_mes)::int)
              THEN m.inicio_mes + least(p_dia_final, extract(day FROM m.fim_mes)::int) - 1
              ELSE m.fim_mes + least(p_dia_final, extract(day FROM m.fim_seguinte)::int) END
    FROM (SELECT date_trunc('month', d)::date AS inicio_mes,
                 (date_trunc('month', d) + interval '1 month' - interval '1 day')::date AS fim_mes,
                 (date_trunc('month', d) + interval '2 month' - interval '1 day')::date AS fim_seguinte) m
$f$`,
  `
CREATE OR REPLACE FUNCTION jornada_hoje(p_tenant int) RETURNS date
LANGUAGE sql STABLE AS $f$
  SELECT (now() AT TIME ZONE coalesce(
            (SELECT e.fuso_horario FROM empresas e WHERE e.tenant_id = p_tenant LIMIT 1), 'America/Sao_Paulo'))::date
$f$`,
  `
-- jornada_fim_periodo(closing day, the later of p_desde and today in the company's zone). PL/pgSQL, not
-- SQL: a SQL function with a sub-select is never inlined, and called per row (the triggers call it for every
-- history row written) it cost ~200 µs a call against ~20 µs here: 10,000 employees imported spent 7 s in it.
CREATE OR REPLACE FUNCTION jornada_horizonte(p_tenant int, p_desde date) RETURNS date
LANGUAGE plpgsql STABLE AS $f$
DECLARE
  v_dia_final int;
  v_zona text;
BEGIN
  SELECT e.dia_final_fechamento, e.fuso_horario INTO v_dia_final, v_zona
    FROM empresas e WHERE e.tenant_id = p_tenant LIMIT 1;
  RETURN jornada_fim_periodo(
           coalesce(v_dia_final, 31),
           greatest(p_desde, (now() AT TIME ZONE coalesce(v_zona, 'America/Sao_Paulo'))::date));
END $f$`,
  `
CREATE OR REPLACE FUNCTION jornada_janela_inicio(p_tenant int) RETURNS date
LANGUAGE sql STABLE AS $f$
  SELECT make_date(extract(year FROM jornada_hoje(p_tenant))::int - 1, 1, 1)
$f$`,
  `
-- The days a holiday falls on: its date, and for a fixed one (repeating every
-- year, as the engine's HolidayCalendar reads it) each day/month from the
-- window's start to today's horizon; 29/02 only in leap years.
CREATE OR REPLACE FUNCTION jornada_feriado_datas(p_tenant int, p_data date, p_fixo boolean) RETURNS SETOF date
LANGUAGE sql STABLE AS $f$
  SELECT p_data
  UNION
  SELECT x.dia
    FROM (SELECT jornada_janela_inicio(p_tenant) AS de, jornada_horizonte(p_tenant, jornada_hoje(p_tenant)) AS ate) w
   CROSS JOIN LATERAL generate_series(extract(year FROM w.de)::int, extract(year FROM w.ate)::int) AS a
   -- From the 1st of the month: 29/02 of a common year becomes 01/03 and is dropped, never an error.
   CROSS JOIN LATERAL (SELECT make_date(a, extract(month FROM p_data)::int, 1)
                              + (extract(day FROM p_data)::int - 1) AS dia) x
   WHERE p_fixo AND x.dia BETWEEN w.de AND w.ate AND extract(month FROM x.dia) = extract(month FROM p_data)
$f$`,
  `
-- A cost centre and its ancestors (a holiday by cost centre reaches the children of a listed one).
CREATE OR REPLACE FUNCTION jornada_centro_custo_cadeia(p_tenant int, p_id int) RETURNS SETOF int
LANGUAGE sql STABLE AS $f$
  WITH RECURSIVE c(id, pai_id, n) AS (
    SELECT cc.id, cc.pai_id, 1 FROM centros_custo cc WHERE cc.tenant_id = p_tenant AND cc.id = p_id
    UNION ALL
    SELECT cc.id, cc.pai_id, c.n + 1 FROM centros_custo cc JOIN c ON cc.tenant_id = p_tenant AND cc.id = c.pai_id
     WHERE c.n < 10)
  SELECT id FROM c
$f$`,
  `
-- A cost centre and everything below it.
CREATE OR REPLACE FUNCTION jornada_centro_custo_ramo(p_tenant int, p_id int) RETURNS SETOF int
LANGUAGE sql STABLE AS $f$
  WITH RECURSIVE c(id, n) AS (
    SELECT cc.id, 1 FROM centros_custo cc WHERE cc.tenant_id = p_tenant AND cc.id = p_id
    UNION ALL
    SELECT cc.id, c.n + 1 FROM centros_custo cc JOIN c ON cc.tenant_id = p_tenant AND cc.pai_id = c.id
     WHERE c.n < 10)
  SELECT id FROM c
$f$`,
  `
-- Who a holiday applies to and on which days (the engine's holidayApplies,
-- plus the 'Exceção da Regra' lists): employees bound on the day; federal and
-- global → all; state / city of the employee's company; cost centre → the
-- employee's centre or an ancestor listed; position → the position held that
-- day listed. Excepted employees, positions and cost centres are left out.
CREATE OR REPLACE FUNCTION jornada_feriado_alcance(
  p_tenant int, p_feriado int, p_data date, p_fixo boolean, p_abrangencia int, p_estado int, p_cidade int)
RETURNS TABLE (funcionario_id int, dia date)
LANGUAGE sql STABLE AS $f$
  SELECT f.id, d.dia
    FROM jornada_feriado_datas(p_tenant, p_data, p_fixo) AS d(dia)
    JOIN funcionarios f ON f.tenant_id = p_tenant AND f.data_admissao <= d.dia
                       AND (f.data_demissao IS NULL OR f.data_demissao >= d.dia)
    JOIN cnpjs c ON c.tenant_id = p_tenant AND c.id = f.cnpj_id
    LEFT JOIN cidades ci ON ci.id = c.cidade_id
   WHERE CASE p_abrangencia
           WHEN 1 THEN true
           WHEN 6 THEN true
           WHEN 2 THEN ci.estado_id = p_estado
           WHEN 3 THEN c.cidade_id = p_cidade
           WHEN 4 THEN EXISTS (
             SELECT 1 FROM feriado_centros_custo l
              WHERE l.tenant_id = p_tenant AND l.feriado_id = p_feriado AND NOT l.excecao
                AND l.centro_custo_id IN (SELECT jornada_centro_custo_cadeia(p_tenant, f.centro_custo_id)))
           WHEN 5 THEN EXISTS (
             SELECT 1 FROM feriado_cargos l
               JOIN funcionario_cargos h ON h.tenant_id = p_tenant AND h.funcionario_id = f.id AND h.cargo_id = l.cargo_id
                                        AND h.data_inicio <= d.dia AND (h.data_final IS NULL OR h.data_final >= d.dia)
              WHERE l.tenant_id = p_tenant AND l.feriado_id = p_feriado AND NOT l.excecao)
           ELSE false END
     AND NOT EXISTS (SELECT 1 FROM feriado_funcionarios_excecao x
                      WHERE x.tenant_id = p_tenant AND x.feriado_id = p_feriado AND x.funcionario_id = f.id)
     AND NOT EXISTS (SELECT 1 FROM feriado_centros_custo x
                      WHERE x.tenant_id = p_tenant AND x.feriado_id = p_feriado AND x.excecao
                        AND x.centro_custo_id IN (SELECT jornada_centro_custo_cadeia(p_tenant, f.centro_custo_id)))
     AND NOT EXISTS (SELECT 1 FROM feriado_cargos x
                       JOIN funcionario_cargos h ON h.tenant_id = p_tenant AND h.funcionario_id = f.id AND h.cargo_id = x.cargo_id
                                                AND h.data_inicio <= d.dia AND (h.data_final IS NULL OR h.data_final >= d.dia)
                      WHERE x.tenant_id = p_tenant AND x.feriado_id = p_feriado AND x.excecao)
$f$`,
];

/**
 * The one statement that installs (idempotently, as the owner, with the
 * walls: ensureDatabaseWalls, when their signature changed) the calendar
 * functions, `jornada_registrar_pendencias` behind `marcarPendencias`, and
 * one trigger per table and event of `TABELAS_PENDENCIAS`.
 */
export function pendenciasSql(): string {
  const registrar = registrarPendenciasSql(
    `SELECT p_tenant AS tenant_id, u.funcionario_id, u.inicio, u.fim
       FROM unnest(p_funcionarios, p_inicios, p_fins) AS u(funcionario_id, inicio, fim)`,
    'left(p_motivo, 60)',
  );
  const gatilhos = TABELAS_PENDENCIAS.flatMap((t) => t.eventos.map((e) => gatilhoSql(t, e)));
  const funcoes = [
    ...FUNCOES_CALENDARIO,
    `CREATE OR REPLACE FUNCTION jornada_registrar_pendencias(
  p_tenant int, p_funcionarios int[], p_inicios date[], p_fins date[], p_motivo text) RETURNS void
LANGUAGE plpgsql AS $f$
BEGIN
  ${registrar};
END $f$`,
    ...gatilhos.map((g) => g.funcao),
  ];
  // One round trip (the extended protocol takes a single command): each
  // statement runs through EXECUTE, dollar-quoted with its own tag. Functions
  // are replaced at every start (no table lock); a trigger is created only
  // when missing, so a start never locks the input tables against readers.
  const quoted = (texto: string, i: number) => `$c${i}$${texto}$c${i}$`;
  return `DO $instalar$ BEGIN
${funcoes.map((f, i) => `EXECUTE ${quoted(f, i)};`).join('\n')}
${gatilhos
  .map(
    (
      { gatilho: g },
      i,
    ) => `IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = '${g.nome}' AND tgrelid = '${g.tabela}'::regclass) THEN
  EXECUTE ${quoted(g.sql, funcoes.length + i)};
END IF;`,
  )
  .join('\n')}
-- The owner writes through the triggers too (the demo seed, migrations): the
-- forced row-level security holds for it, and it has no tenant.
IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = 'calculo_pendencias' AND policyname = 'dono') THEN
  EXECUTE format('CREATE POLICY dono ON calculo_pendencias TO %I USING (true) WITH CHECK (true)', current_user);
END IF;
END $instalar$;`;
}
