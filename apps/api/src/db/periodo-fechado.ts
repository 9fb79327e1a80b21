import { MSG } from '@jornada/contracts';
import { PERIODO_FECHADO_SQLSTATE } from '../shared/database-errors.js';
import { applyDdlIfChanged, type SqlExecutor } from './ddl-if-changed.js';
import { TABELAS_PENDENCIAS, type EventoPendencia } from './pendencias-tabelas.js';
import { APP_ROLE, SYSTEM_ROLE } from './tenant-rls.js';

/**
 * A closed period is frozen in the database (issue 23 §4, decision 0075).
 * Statement-level triggers with transition tables on the period's days,
 * results, treatment and punch links refuse, with SQLSTATE
 * `PERIODO_FECHADO_SQLSTATE`, any statement that writes a day of an
 * employee's closed period (`periodos_funcionario.fechado`), whatever path
 * it comes from: services, imports, the provider, hand-written SQL. The
 * services check first and say why in their own words; this is the wall
 * behind them. Fechar período writes its results before the row says
 * `fechado`, Abrir período clears it before anything is written again.
 *
 * Which days a row holds: for the calculation inputs, the rows' own days as
 * the dirty-day triggers read them (TABELAS_PENDENCIAS, without the
 * neighbour days: a punch on the first day of an open period may still
 * move its cut, but it is not a day of the closed one); for the stored
 * results, their day or period.
 *
 * An UPDATE of an input writes the days that enter or leave a row when
 * nothing else in it changes (an occurrence across a closed and an open
 * period can still lose a day of the open one); when anything else changes
 * (the author, a time, the justification), every day it held before and
 * after. An UPDATE of a stored result writes every day its rows held before
 * and after: the calculation updates only rows whose values differ, so
 * pairing its old and new rows (each made a jsonb document) found nothing
 * and cost a recalculation of 10,000 employees a second of the database
 * (issue 26). A DELETE or an INSERT, every day of its rows.
 *
 * Left out on purpose: the original punches (`marcacoes`, append-only, never
 * refused: a punch of a closed period is stored and its link waits for the
 * period to open, decision 0075), the registers that reach many employees
 * (histories, schedules, holidays: they change nothing stored of a closed
 * period, which the calculation never recalculates) and `periodos_funcionario`
 * itself, the lock. An employee deleted by the same statement (a cascade)
 * takes their rows: the rows of employees that no longer exist are never
 * refused. TRUNCATE is granted to neither login role.
 */

/** The transaction-local setting by which the owner, and only it, writes a closed period (migrations, tests). */
export const PERIODO_FECHADO_LIBERADO = 'jornada.periodo_fechado_liberado';

interface TabelaCongelada {
  tabela: string;
  /**
   * A query over `fonte` (a transition table, or `(SELECT r.*)`) answering tenant_id, funcionario_id, inicio, fim,
   * and for an input its key, chave (an UPDATE pairs old and new rows by it).
   */
  dias: (fonte: string) => string;
  /**
   * The columns that only say which days a row covers: an UPDATE that moves
   * them and nothing else writes only the days that enter or leave the row.
   */
  colunasDosDias?: readonly string[];
  /** A stored result: an UPDATE writes every day of its old and its new rows, unpaired. */
  resultado?: true;
}

/**
 * A calculation input, with the days the dirty-day triggers read from it.
 * `soOPrimeiroDia`: an hour-bank entry's balance carries forward to the
 * horizon, but a closed period after it keeps the balance it closed with
 * (the calculation never recalculates it): only the entry's own day is one
 * of a closed period.
 */
function entrada(tabela: string, o: { soOPrimeiroDia?: boolean; colunasDosDias?: readonly string[] } = {}) {
  const t = TABELAS_PENDENCIAS.find((x) => x.tabela === tabela);
  if (!t) throw new Error(`Tabela sem regra de pendências: ${tabela}`);
  return {
    tabela,
    ...(o.colunasDosDias ? { colunasDosDias: o.colunasDosDias } : {}),
    dias: (fonte: string) => `
      SELECT x.tenant_id, x.funcionario_id, x.inicio, ${o.soOPrimeiroDia ? 'x.inicio' : 'x.fim'} AS fim, x.chave
        FROM (${t.faixas(fonte)}) x`,
  } satisfies TabelaCongelada;
}

/** A stored result: its days and its key. */
const resultado = (tabela: string, inicio: string, fim: string): TabelaCongelada => ({
  tabela,
  resultado: true,
  // No key: a result's UPDATE is never paired (diasEscritos).
  dias: (fonte) => `
    SELECT t.tenant_id, t.funcionario_id, ${inicio} AS inicio, ${fim} AS fim
      FROM ${fonte} t`,
});

export const TABELAS_CONGELADAS: readonly TabelaCongelada[] = [
  entrada('marcacao_funcionarios'),
  entrada('marcacao_tratamentos'),
  entrada('marcacoes_inseridas'),
  entrada('folgas'),
  entrada('feriado_exclusoes'),
  entrada('ocorrencias', { colunasDosDias: ['data_inicio', 'data_final'] }),
  entrada('ajustes_parciais'),
  entrada('mudancas_horario'),
  entrada('banco_horas_lancamentos', { soOPrimeiroDia: true }),
  entrada('banco_horas_redefinicoes', { soOPrimeiroDia: true }),
  // The calculation writes a period's rows only when no closed period meets it (calculo.service.ts).
  resultado('calculo_dias', 't.dia', 't.dia'),
  resultado('calculo_semanas', 't.periodo_inicio', 't.periodo_inicio'),
  resultado('calculo_resumos', 't.periodo_inicio', 't.periodo_fim'),
];

/**
 * The days one statement writes, as tenant_id, funcionario_id, inicio, fim
 * (inclusive). UPDATE of an input: old and new rows are paired by key and by
 * the rest of the row (every column but `colunasDosDias`); a pair writes the
 * days that entered or left it, a row without a pair every day it holds.
 * UPDATE of a stored result: every day of the old and the new rows.
 */
function diasEscritos(t: TabelaCongelada, evento: EventoPendencia): string {
  const deLinhas = (fonte: string) => `SELECT d.tenant_id, d.funcionario_id, d.inicio, d.fim FROM (${t.dias(fonte)}) d`;
  if (evento !== 'UPDATE') return deLinhas(evento === 'INSERT' ? 'novas' : 'antigas');
  if (t.resultado) return `${deLinhas('antigas')} UNION ALL ${deLinhas('novas')}`;
  const sem = t.colunasDosDias?.length ? ` - '{${t.colunasDosDias.join(',')}}'::text[]` : '';
  const lado = (fonte: string) => `
    SELECT d.tenant_id, d.funcionario_id, d.chave, to_jsonb(r)${sem} AS resto,
           range_agg(daterange(d.inicio, d.fim, '[]')) AS dias
      FROM ${fonte} r CROSS JOIN LATERAL (${t.dias('(SELECT r.*)')}) d
     WHERE d.inicio <= d.fim
     GROUP BY d.tenant_id, d.funcionario_id, d.chave, to_jsonb(r)${sem}`;
  return `
    SELECT coalesce(n.tenant_id, o.tenant_id) AS tenant_id, coalesce(n.funcionario_id, o.funcionario_id) AS funcionario_id,
           lower(x) AS inicio, upper(x) - 1 AS fim
      FROM (${lado('antigas')}) o
      FULL JOIN (${lado('novas')}) n
        ON n.tenant_id = o.tenant_id AND n.funcionario_id = o.funcionario_id AND n.chave = o.chave AND n.resto = o.resto
     CROSS JOIN LATERAL unnest((coalesce(o.dias, '{}') - coalesce(n.dias, '{}'))
                               + (coalesce(n.dias, '{}') - coalesce(o.dias, '{}'))) AS x`;
}

const sufixo: Record<EventoPendencia, string> = { INSERT: 'ins', UPDATE: 'upd', DELETE: 'del' };
const EVENTOS: readonly EventoPendencia[] = ['INSERT', 'UPDATE', 'DELETE'];

const literal = (texto: string) => `'${texto.replaceAll("'", "''")}'`;

function gatilho(t: TabelaCongelada, evento: EventoPendencia): { funcao: string; gatilho: string } {
  const funcao = `jornada_congelado_${t.tabela}_${sufixo[evento]}`;
  const transicao =
    evento === 'INSERT'
      ? 'NEW TABLE AS novas'
      : evento === 'DELETE'
        ? 'OLD TABLE AS antigas'
        : 'OLD TABLE AS antigas NEW TABLE AS novas';
  const dias = diasEscritos(t, evento);
  // In three steps, each planned alone (a single query let the planner start from the employees table):
  // 1. one pass over the transition table for the tenants and days it reaches;
  // 2. one range read of the closed periods' index (tenant, last day) for a period that ends on or after
  //    the first day written: none is the usual case (a month written while the months before it are
  //    closed), and then that is all the statement pays;
  // 3. else the rows matched with those periods, employee by employee; an employee deleted by this very
  //    statement (cascades) takes their rows.
  return {
    funcao: `
CREATE OR REPLACE FUNCTION ${funcao}() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  v_t0 int;
  v_t1 int;
  v_de date;
  v_ate date;
  v_x record;
BEGIN
  IF jornada_periodo_fechado_liberado() THEN RETURN NULL; END IF;
  SELECT min(d.tenant_id), max(d.tenant_id), min(d.inicio), max(d.fim) INTO v_t0, v_t1, v_de, v_ate
    FROM (${dias}) d WHERE d.inicio <= d.fim;
  IF v_de IS NULL OR NOT EXISTS (
       SELECT 1 FROM periodos_funcionario p
        WHERE p.fechado AND p.tenant_id BETWEEN v_t0 AND v_t1 AND p.data_final >= v_de AND p.data_inicio <= v_ate)
  THEN
    RETURN NULL;
  END IF;
  FOR v_x IN
    SELECT DISTINCT p.tenant_id, p.funcionario_id
      FROM (${dias}) d
      JOIN periodos_funcionario p
        ON p.tenant_id = d.tenant_id AND p.funcionario_id = d.funcionario_id AND p.fechado
       AND p.data_final >= d.inicio AND p.data_inicio <= d.fim
       AND p.tenant_id BETWEEN v_t0 AND v_t1 AND p.data_final >= v_de AND p.data_inicio <= v_ate
  LOOP
    IF EXISTS (SELECT 1 FROM funcionarios f WHERE f.tenant_id = v_x.tenant_id AND f.id = v_x.funcionario_id) THEN
      RAISE EXCEPTION USING ERRCODE = '${PERIODO_FECHADO_SQLSTATE}', MESSAGE = ${literal(MSG.periodoFechadoCongelado)},
                            TABLE = ${literal(t.tabela)};
    END IF;
  END LOOP;
  RETURN NULL;
END $f$`,
    // One statement (not DROP then CREATE): a process that finds them changed replaces them without a gap.
    gatilho: `
CREATE OR REPLACE TRIGGER ${t.tabela}_periodo_fechado_${sufixo[evento]} AFTER ${evento} ON ${t.tabela}
  REFERENCING ${transicao} FOR EACH STATEMENT EXECUTE FUNCTION ${funcao}()`,
  };
}

/**
 * The owner's narrow way through (migrations, a test's clean-up): only when
 * the transaction set PERIODO_FECHADO_LIBERADO to 'on', and never for the
 * login roles — any role may set a custom setting, so the setting alone
 * would open the wall to everyone. (The owner owns the tables and could
 * disable the triggers anyway; this keeps its writes explicit and local.)
 */
const LIBERADO_SQL = `
CREATE OR REPLACE FUNCTION jornada_periodo_fechado_liberado() RETURNS boolean LANGUAGE sql STABLE AS $f$
  SELECT coalesce(current_setting('${PERIODO_FECHADO_LIBERADO}', true) = 'on', false)
         AND current_user NOT IN ('${APP_ROLE}', '${SYSTEM_ROLE}')
$f$`;

/** The DDL, in order: the functions, then the triggers (one per table and event). */
export function periodoFechadoSql(): string[] {
  const todos = TABELAS_CONGELADAS.flatMap((t) => EVENTOS.map((e) => gatilho(t, e)));
  return [LIBERADO_SQL, ...todos.map((g) => g.funcao), ...todos.map((g) => g.gatilho)];
}

/**
 * Installs the freeze (as the owner, at every start, after the walls), only
 * when its DDL or what it left changed (db/ddl-if-changed.ts): CREATE
 * TRIGGER waits for every open write to the table, an AFD import's for a
 * minute, and holds every new one behind it.
 */
export async function installPeriodoFechadoCongelado(owner: SqlExecutor): Promise<void> {
  const tabelas = TABELAS_CONGELADAS.map((t) => literal(t.tabela)).join(', ');
  await applyDdlIfChanged(owner, {
    keptOn: 'FUNCTION jornada_periodo_fechado_liberado()',
    readSql: `obj_description(to_regprocedure('jornada_periodo_fechado_liberado()'), 'pg_proc')`,
    prefix: 'período fechado congelado ',
    // One text, one round trip, one transaction.
    statements: [periodoFechadoSql().join(';\n')],
    // Each table's identity (a migration may make it again), its freeze triggers and their functions' bodies.
    stateSql: `
SELECT string_agg(concat_ws(':', c.relname, c.oid,
         (SELECT string_agg(concat_ws('/', g.tgname, g.tgenabled, g.tgtype, g.tgfoid::regprocedure::text,
                                      md5(pr.prosrc)), ',' ORDER BY g.tgname)
            FROM pg_trigger g JOIN pg_proc pr ON pr.oid = g.tgfoid
           WHERE g.tgrelid = c.oid AND g.tgname LIKE '%\\_periodo\\_fechado\\_%')), ';' ORDER BY c.relname)
       || coalesce((SELECT md5(prosrc) FROM pg_proc WHERE oid = to_regprocedure('jornada_periodo_fechado_liberado()')), '')
         AS e
  FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN (${tabelas})`,
  });
}
