import { sql, type SQL } from 'drizzle-orm';
import { DIA_EM_ABERTO, type ControlCounters, type DebitCategory } from '@jornada/engine';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import { FUSO_HORARIO_PADRAO } from '../../db/fuso-horario-empresa.js';
import {
  COLUNAS_LOTE,
  literalDaColuna,
  restosEmJson,
  type ColunaLote,
  type ColunasDia,
  type DadosLoteDias,
  type RestoDia,
} from './dia-gravado.js';
import { entradasVazias, type EntradasFuncionario, type FuncionarioCalculo, type Periodo } from './entrada-motor.js';
import type { DadosLoteJson, Gravados } from './linhas-lote.js';

/*
 * SQL only (issue 11 §5). Every read takes MANY employees at once (`ids`, an
 * int[] parameter) and one date window, so a batch of hundreds of employees
 * costs the same dozen round trips as one. Dates travel as text (raw queries
 * bypass Drizzle's date mapping). Writes are one `unnest` statement per table.
 */

/** An id list as one int[] parameter. */
const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

/**
 * `coluna` (an employee id column) is one of `lista`: the list, and the range
 * of its ids beside it. The range lets an index on (tenant_id, funcionario_id,
 * …) be entered at the batch's own employees whatever the statistics say: on
 * a results table never analysed (a new tenant's first calculation, a server
 * with autovacuum off) the planner scanned the tenant's whole month and
 * filtered it by the list — once per batch, so a month of 10,000 employees
 * cost quadratic time in its deletes.
 */
function entre(coluna: string, lista: readonly number[]): SQL {
  if (lista.length === 0) return sql`false`;
  let min = lista[0]!;
  let max = min;
  for (const id of lista) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const c = sql.raw(coluna);
  return sql`${c} BETWEEN ${min}::int AND ${max}::int AND ${c} = ANY(${ids(lista)})`;
}

/** One run of the tenant: where it stands, and the `mais` columns asked. */
async function lerExecucao<T extends EstadoExecucao>(
  tx: Tx,
  tenantId: number,
  id: number,
  mais: SQL,
): Promise<T | undefined> {
  const [row] = await queryRows<T>(
    tx,
    sql`SELECT id::int AS id, status, total, calculados, mensagem${mais} FROM calculo_execucoes
         WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return row && { ...row, id: Number(row.id), total: Number(row.total), calculados: Number(row.calculados) };
}

/** Rows grouped by their employee (`f`). */
function porFuncionario<T extends { f: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = Number(r.f);
    const l = out.get(k);
    if (l) l.push(r);
    else out.set(k, [r]);
  }
  return out;
}

const ESCOPOS: [keyof OcorrenciaRow, DebitCategory][] = [
  ['faltas', 'falta'],
  ['fm', 'fm'],
  ['atrasos', 'atraso'],
  ['saida', 'saida'],
  ['excesso', 'excesso'],
];

interface OcorrenciaRow {
  f: number;
  inicio: string;
  fim: string;
  tipo: number;
  faltas: boolean;
  fm: boolean;
  atrasos: boolean;
  saida: boolean;
  excesso: boolean;
}

/** The advisory-lock class of the calculation (with the employee id as the second key). */
const CALCULO_LOCK_KEY = 1_101;

export interface SemanaGravada {
  funcionarioId: number;
  periodoInicio: string;
  segunda: string;
  dsrPago: number;
  dsrDebito: number;
  periodoLancamento: string | null;
  /** The engine's WeekDsr. */
  resultado: object;
}

/** A summary row: the Controle do Ponto counters are the engine's (`ControlCounters`). */
export interface ResumoGravado extends ControlCounters {
  funcionarioId: number;
  periodoInicio: string;
  periodoFim: string;
  ano: number;
  mes: number;
  cnpjId: number;
  diasTrabalhados: number;
  jornada: number;
  jornadaEAbono: number;
  horasExtras: number;
  saldoAnteriorBh: number | null;
  saldoFinalBh: number | null;
  /** What `calculo_resumos.resumo` keeps (decision 0049). */
  resumo: object;
}

export interface Pendencia {
  id: number;
  funcionarioId: number;
  dataInicio: string;
  dataFinal: string;
}

/** Where a Cálculo do Ponto run stands: what its progress bar reads. */
export interface EstadoExecucao {
  id: number;
  status: 'FILA' | 'PROCESSANDO' | 'PROCESSADO' | 'ERRO';
  total: number;
  calculados: number;
  mensagem: string | null;
}

/** A run as its job reads it: where it stands and what it calculates (who and which periods). */
export interface ExecucaoRow extends EstadoExecucao {
  parametros: unknown;
}

/** Rows each table's diff write touched (inserted or updated), and the stored rows it deleted. */
export interface LinhasGravadas {
  dias: number;
  semanas: number;
  resumos: number;
  apagadas: number;
}

/** The columns of `calculo_dias` in the order `linhasDosDias` selects them; the key first. */
const COLUNAS_DIA = [
  'tenant_id',
  'periodo_inicio',
  'funcionario_id',
  'dia',
  'cnpj_id',
  'centro_custo_id',
  'cargo_id',
  'escala_id',
  'tipo_dia',
  'afastado',
  'irregular',
  'planejado',
  'trabalhado',
  'normal',
  'atraso',
  'saida_antecipada',
  'falta',
  'excesso_intervalo',
  'falta_marcacao',
  'falta_marcacao_flag',
  'horas_extras',
  'noturno_reduzido',
  'interjornada',
  'intervalo_suprimido',
  'abono',
  'banco_credito',
  'banco_debito',
  'horas_faltantes',
  'assinatura',
  'resultado',
] as const;
const COLUNAS_DIA_VALORES = COLUNAS_DIA.filter((c) => !['tenant_id', 'funcionario_id', 'dia'].includes(c));

const COLUNAS_SEMANA = [
  'tenant_id',
  'funcionario_id',
  'periodo_inicio',
  'segunda',
  'dsr_pago',
  'dsr_debito',
  'periodo_lancamento',
  'resultado',
  'assinatura',
] as const;
const COLUNAS_SEMANA_VALORES = COLUNAS_SEMANA.slice(4);

const COLUNAS_RESUMO = [
  'tenant_id',
  'funcionario_id',
  'periodo_inicio',
  'periodo_fim',
  'ano',
  'mes',
  'cnpj_id',
  'dias_trabalhados',
  'jornada',
  'jornada_e_abono',
  'horas_extras',
  'qtd_faltas',
  'qtd_atrasos',
  'qtd_saidas_antecipadas',
  'qtd_excesso_refeicao',
  'qtd_falta_marcacao',
  'qtd_interjornada',
  'saldo_anterior_bh',
  'saldo_final_bh',
  'resumo',
  'assinatura',
] as const;
const COLUNAS_RESUMO_VALORES = COLUNAS_RESUMO.slice(3);

/** `a = EXCLUDED.a, b = EXCLUDED.b, …` of an upsert. */
const atribuirExcluded = (colunas: readonly string[]) => sql.raw(colunas.map((c) => `${c} = EXCLUDED.${c}`).join(', '));

/** The predicate of the partial index `calculo_dias_em_aberto` (migration 0018): a query must say it so. */
const EM_ABERTO = sql.raw(`(resultado -> 'flags') @> '["${DIA_EM_ABERTO}"]'::jsonb`);

export const calculoRepository = {
  /**
   * Takes the calculation lock of each employee, in id order (two batches
   * that share employees queue instead of deadlocking). Held to the end of the
   * transaction: a second calculation of the same employee waits, then reads
   * what the first committed (decision 0049).
   */
  async travar(tx: Tx, funcionarioIds: readonly number[]): Promise<void> {
    if (funcionarioIds.length === 0) return;
    const ordenados = [...new Set(funcionarioIds)].sort((a, b) => a - b);
    await tx.execute(
      sql`SELECT count(pg_advisory_xact_lock(${CALCULO_LOCK_KEY}::int, s.id))
            FROM (SELECT u.id FROM unnest(${ids(ordenados)}) AS u(id) ORDER BY u.id) AS s`,
    );
  },

  /** The main company's closing rule (decision 0019). */
  async diasFechamento(tx: Tx, tenantId: number) {
    const [row] = await queryRows<{ inicio: number; fim: number; fuso: string }>(
      tx,
      sql`SELECT dia_inicio_fechamento AS inicio, dia_final_fechamento AS fim, fuso_horario AS fuso
            FROM empresas WHERE tenant_id = ${tenantId}`,
    );
    return {
      dias: { diaInicioFechamento: Number(row?.inicio ?? 1), diaFinalFechamento: Number(row?.fim ?? 31) },
      fuso: row?.fuso ?? FUSO_HORARIO_PADRAO,
    };
  },

  /** Of these employees, those with a closed period that meets [de, ate]: never recalculated (spec §18). */
  async comPeriodoFechado(tx: Tx, tenantId: number, funcionarioIds: readonly number[], p: Periodo) {
    const rows = await queryRows<{ f: number }>(
      tx,
      sql`SELECT DISTINCT funcionario_id AS f FROM periodos_funcionario
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)} AND fechado
             AND data_inicio <= ${p.fim}::date AND data_final >= ${p.inicio}::date`,
    );
    return new Set(rows.map((r) => Number(r.f)));
  },

  /** The employees (bond, company place, cost centre with ancestors); ids of another tenant name nothing. */
  async funcionarios(tx: Tx, tenantId: number, funcionarioIds: readonly number[]) {
    const rows = await queryRows<{
      id: number;
      cnpj: number;
      centro: number;
      cidade: number | null;
      estado: number | null;
      centros: number[];
    }>(
      tx,
      sql`WITH RECURSIVE f AS (
            SELECT id, cnpj_id, centro_custo_id FROM funcionarios
             WHERE tenant_id = ${tenantId} AND ${entre('id', funcionarioIds)}),
          acima(centro, ancestral) AS (
            SELECT DISTINCT centro_custo_id, centro_custo_id FROM f
            UNION
            SELECT a.centro, cc.pai_id FROM acima a
              JOIN centros_custo cc ON cc.tenant_id = ${tenantId} AND cc.id = a.ancestral
             WHERE cc.pai_id IS NOT NULL)
          SELECT f.id, f.cnpj_id AS cnpj, f.centro_custo_id AS centro, c.cidade_id AS cidade, ci.estado_id AS estado,
                 (SELECT array_agg(a.ancestral ORDER BY a.ancestral) FROM acima a WHERE a.centro = f.centro_custo_id)
                   AS centros
            FROM f JOIN cnpjs c ON c.tenant_id = ${tenantId} AND c.id = f.cnpj_id
            LEFT JOIN cidades ci ON ci.id = c.cidade_id`,
    );
    return rows.map((r): Omit<FuncionarioCalculo, 'cargos'> => ({
      id: Number(r.id),
      cnpjId: Number(r.cnpj),
      centroCustoId: Number(r.centro),
      cidadeId: r.cidade === null ? null : Number(r.cidade),
      estadoId: r.estado === null ? null : Number(r.estado),
      centrosCusto: (r.centros ?? []).map(Number),
    }));
  },

  /** Position and schedule history entries that meet the window. */
  async historicos(tx: Tx, tenantId: number, funcionarioIds: readonly number[], j: Periodo) {
    const historico = (tabela: string, coluna: string) =>
      queryRows<{ f: number; ref: number; inicio: string; fim: string | null }>(
        tx,
        sql`SELECT funcionario_id AS f, ${sql.raw(coluna)} AS ref, data_inicio::text AS inicio, data_final::text AS fim
              FROM ${sql.raw(tabela)}
             WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
               AND data_inicio <= ${j.fim}::date AND (data_final IS NULL OR data_final >= ${j.inicio}::date)
             ORDER BY funcionario_id, data_inicio, id`,
      );
    // One after the other: a transaction is one connection.
    const cargos = await historico('funcionario_cargos', 'cargo_id');
    const escalas = await historico('funcionario_escalas', 'escala_id');
    return { cargos: porFuncionario(cargos), escalas: porFuncionario(escalas) };
  },

  /**
   * Every dated input of the employees inside the read window `j`, in the
   * engine's vocabulary; bank entries only inside the period `p` (the engine
   * sums the period's). Run one after the other: a transaction is one
   * connection, and the statements are small.
   */
  async entradas(
    tx: Tx,
    tenantId: number,
    funcionarioIds: readonly number[],
    j: Periodo,
    p: Periodo,
  ): Promise<Map<number, EntradasFuncionario>> {
    const out = new Map<number, EntradasFuncionario>(funcionarioIds.map((id) => [id, entradasVazias()]));
    const de = sql`${j.inicio}::date`;
    const ate = sql`${j.fim}::date`;
    const filtro = (t: string) =>
      sql`${sql.raw(t)}.tenant_id = ${tenantId} AND ${entre(`${t}.funcionario_id`, funcionarioIds)}`;
    const cada = <T extends { f: number }>(rows: readonly T[], fn: (e: EntradasFuncionario, r: T) => void) => {
      for (const r of rows) fn(out.get(Number(r.f))!, r);
    };

    // The effective punch set (issue 11 §1): originals linked to the employee with their treatment, and the
    // inserted ones (source I). One text per employee keeps a month of punches to one row; each punch's minute
    // (wall clock, since 1970) as a number: to_char cost a holiday's recalculation of 10,000 employees a quarter
    // of this read, and the engine's thread parsing its text back (issue 26). In time order, a minute's punches
    // by their text, as before.
    const minuto = (t: string) => sql.raw(`floor(date_part('epoch', ${t}.data_hora) / 60)::int`);
    const marcacoes = await queryRows<{ f: number; m: string }>(
      tx,
      sql`SELECT f, string_agg(n || m, ',' ORDER BY n, m COLLATE "C") AS m FROM (
            SELECT mf.funcionario_id AS f, ${minuto('mf')} AS n,
                   mf.origem || CASE WHEN t.descartada THEN 'D' ELSE '' END ||
                   CASE t.mover_dia WHEN 1 THEN '+' WHEN -1 THEN '-' ELSE '' END AS m
              FROM marcacao_funcionarios mf
              LEFT JOIN marcacao_tratamentos t
                ON t.tenant_id = mf.tenant_id AND t.marcacao_id = mf.marcacao_id AND t.funcionario_id = mf.funcionario_id
             WHERE ${filtro('mf')} AND mf.data_hora >= ${de} AND mf.data_hora < ${ate} + 1
            UNION ALL
            SELECT mi.funcionario_id, ${minuto('mi')}, 'I'
              FROM marcacoes_inseridas mi
             WHERE ${filtro('mi')} AND mi.data_hora >= ${de} AND mi.data_hora < ${ate} + 1) AS x
          GROUP BY f`,
    );
    cada(marcacoes, (e, r) => {
      e.marcacoes = r.m;
    });

    const datas = await queryRows<{ f: number; tipo: string; d: string }>(
      tx,
      sql`SELECT funcionario_id AS f, 'F' AS tipo, string_agg(data::text, ',' ORDER BY data) AS d FROM folgas fo
           WHERE ${filtro('fo')} AND fo.data BETWEEN ${de} AND ${ate} GROUP BY funcionario_id
          UNION ALL
          SELECT funcionario_id, 'X', string_agg(data::text, ',' ORDER BY data) FROM feriado_exclusoes fx
           WHERE ${filtro('fx')} AND fx.data BETWEEN ${de} AND ${ate} GROUP BY funcionario_id
          UNION ALL
          SELECT funcionario_id, 'R', string_agg(to_char(mes, 'YYYY-MM'), ',' ORDER BY mes) FROM banco_horas_redefinicoes br
           WHERE ${filtro('br')} AND br.mes BETWEEN date_trunc('month', ${de})::date AND ${ate} GROUP BY funcionario_id`,
    );
    cada(datas, (e, r) => {
      const lista = r.d.split(',');
      if (r.tipo === 'F') e.folgas = lista;
      else if (r.tipo === 'X') e.exclusoesFeriado = lista;
      else e.redefinicoesBanco = lista;
    });

    const afastamentos = await queryRows<{ f: number; inicio: string; fim: string | null; motivo: string }>(
      tx,
      sql`SELECT a.funcionario_id AS f, a.data_inicio::text AS inicio, a.data_final::text AS fim, m.descricao AS motivo
            FROM funcionario_afastamentos a JOIN motivos_afastamento m ON m.id = a.motivo_id
           WHERE ${filtro('a')} AND a.data_inicio <= ${ate} AND (a.data_final IS NULL OR a.data_final >= ${de})
           ORDER BY a.funcionario_id, a.data_inicio, a.id`,
    );
    cada(afastamentos, (e, r) => {
      // An open leave runs past the window: its end is the window's.
      e.afastamentos.push({ start: r.inicio, end: r.fim ?? j.fim, reason: r.motivo });
    });

    const mudancas = await queryRows<{
      f: number;
      dia: string;
      entrada1: string | null;
      saida1: string | null;
      entrada2: string | null;
      saida2: string | null;
      entrada3: string | null;
      saida3: string | null;
    }>(
      tx,
      sql`SELECT funcionario_id AS f, dia::text AS dia, entrada1, saida1, entrada2, saida2, entrada3, saida3
            FROM mudancas_horario mh WHERE ${filtro('mh')} AND mh.dia BETWEEN ${de} AND ${ate}
           ORDER BY funcionario_id, dia`,
    );
    cada(mudancas, (e, r) => {
      const slots: [string, string][] = [];
      for (const [a, b] of [
        [r.entrada1, r.saida1],
        [r.entrada2, r.saida2],
        [r.entrada3, r.saida3],
      ] as const) {
        if (a && b) slots.push([a, b]);
      }
      e.mudancasHorario.push({ date: r.dia, slots });
    });

    const ocorrencias = await queryRows<OcorrenciaRow>(
      tx,
      sql`SELECT o.funcionario_id AS f, o.data_inicio::text AS inicio, o.data_final::text AS fim, j.tipo,
                 o.abrange_faltas AS faltas, o.abrange_falta_marcacao AS fm, o.abrange_atrasos AS atrasos,
                 o.abrange_saida_antecipada AS saida, o.abrange_excesso_refeicao AS excesso
            FROM ocorrencias o JOIN justificativas j ON j.id = o.justificativa_id
           WHERE ${filtro('o')} AND o.data_inicio <= ${ate} AND o.data_final >= ${de}
           ORDER BY o.funcionario_id, o.data_inicio, o.id`,
    );
    cada(ocorrencias, (e, r) => {
      e.ocorrencias.push({
        start: r.inicio,
        end: r.fim,
        justificationType: Number(r.tipo),
        scopes: ESCOPOS.filter(([k]) => r[k]).map(([, c]) => c),
      });
    });

    const ajustes = await queryRows<{
      f: number;
      dia: string;
      evento: string;
      inicio: string;
      fim: string;
      tipo: number;
    }>(
      tx,
      sql`SELECT a.funcionario_id AS f, a.dia::text AS dia, a.codigo_evento AS evento,
                 to_char(a.inicio, 'YYYY-MM-DD HH24:MI') AS inicio, to_char(a.fim, 'YYYY-MM-DD HH24:MI') AS fim, j.tipo
            FROM ajustes_parciais a JOIN justificativas j ON j.id = a.justificativa_id
           WHERE ${filtro('a')} AND a.dia BETWEEN ${de} AND ${ate}
           ORDER BY a.funcionario_id, a.dia, a.id`,
    );
    cada(ajustes, (e, r) => {
      e.ajustesParciais.push({
        date: r.dia,
        justificationType: Number(r.tipo),
        event: r.evento as DebitCategory,
        start: r.inicio,
        end: r.fim,
      });
    });

    const lancamentos = await queryRows<{ f: number; data: string; minutos: number; negativo: boolean }>(
      tx,
      sql`SELECT funcionario_id AS f, data::text AS data, minutos, negativo FROM banco_horas_lancamentos bl
           WHERE ${filtro('bl')} AND bl.data BETWEEN ${p.inicio}::date AND ${p.fim}::date
           ORDER BY funcionario_id, data, id`,
    );
    cada(lancamentos, (e, r) => {
      e.lancamentosBanco.push({ date: r.data, minutes: Number(r.minutos), negative: r.negativo });
    });
    return out;
  },

  /** saldoFinalBH of the period that ends the day before `inicio`, per employee (absent = none stored). */
  async saldosAnteriores(tx: Tx, tenantId: number, funcionarioIds: readonly number[], inicio: string) {
    const rows = await queryRows<{ f: number; saldo: number }>(
      tx,
      sql`SELECT funcionario_id AS f, saldo_final_bh AS saldo FROM calculo_resumos
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
             AND periodo_fim = ${inicio}::date - 1 AND saldo_final_bh IS NOT NULL`,
    );
    return new Map(rows.map((r) => [Number(r.f), Number(r.saldo)]));
  },

  /**
   * The stored days' fingerprints of a period, per employee, as `n:assinatura` separated by commas (n: days since
   * 1970-01-01): what the row builder compares a recalculated day with, so only the days that differ travel to the
   * write (issue 26). A day stored under another period start is left out, so it travels and takes this one.
   */
  async assinaturasGravadas(
    tx: Tx,
    tenantId: number,
    funcionarioIds: readonly number[],
    p: Periodo,
  ): Promise<Map<number, Gravados>> {
    // One round trip for the three tables (decision 0088): per employee, its days' and weeks' fingerprints as
    // 'n:assinatura,…' (n in days since 1970-01-01; a NULL fingerprint drops out, so that row is sent again),
    // and its summary's as 'n:assinatura' (n the employee): one form for dia-gravado's Gravadas to read.
    const rows = await queryRows<{ t: 'd' | 's' | 'r'; f: number; a: string | null }>(
      tx,
      sql`SELECT 'd' AS t, funcionario_id AS f, string_agg((dia - DATE '1970-01-01') || ':' || assinatura, ',') AS a
            FROM calculo_dias
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
             AND dia BETWEEN ${p.inicio}::date AND ${p.fim}::date AND periodo_inicio = ${p.inicio}::date
           GROUP BY funcionario_id
          UNION ALL
          SELECT 's', funcionario_id, string_agg((segunda - DATE '1970-01-01') || ':' || assinatura, ',')
            FROM calculo_semanas
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
             AND periodo_inicio = ${p.inicio}::date
           GROUP BY funcionario_id
          UNION ALL
          SELECT 'r', funcionario_id, funcionario_id || ':' || assinatura
            FROM calculo_resumos
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
             AND periodo_inicio = ${p.inicio}::date`,
    );
    const out = new Map<number, Gravados>();
    for (const r of rows) {
      if (r.a === null) continue;
      const f = Number(r.f);
      let g = out.get(f);
      if (!g) out.set(f, (g = {}));
      if (r.t === 'd') g.dias = r.a;
      else if (r.t === 's') g.semanas = r.a;
      else g.resumo = r.a;
    }
    return out;
  },

  /** Saldo final stored for each employee's period starting on `inicio`, before it is replaced. */
  async saldosFinais(tx: Tx, tenantId: number, funcionarioIds: readonly number[], inicio: string) {
    const rows = await queryRows<{ f: number; saldo: number | null }>(
      tx,
      sql`SELECT funcionario_id AS f, saldo_final_bh AS saldo FROM calculo_resumos
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
             AND periodo_inicio = ${inicio}::date`,
    );
    return new Map(rows.map((r) => [Number(r.f), r.saldo === null ? null : Number(r.saldo)]));
  },

  /**
   * Brings the stored results of these employees for period `p` to these rows
   * (issue 26 §2): one statement per table deletes the stored rows the new
   * calculation no longer has, and inserts or updates the rows given — only
   * those that are new or whose values differ: the row builder compared each
   * row's `assinatura` (dia-gravado.ts) with the stored one it read
   * (`assinaturasGravadas`, decisions 0087, 0088), so the write no longer
   * joins with what is stored to find them (a second read of the batch's
   * 30 days × employees). A row that came out the same is not touched at all —
   * no new row version, no index or WAL traffic. Only the calculation writes
   * these tables, under its employees' lock, taken before that read, so what
   * it read is what the write replaces. What is stored afterwards is exactly
   * what deleting and inserting everything would leave. Summaries are always
   * written: `calculado_em` says when the month was last calculated
   * (Marcações shows it). Answers the rows written per table.
   */
  async gravar(
    tx: Tx,
    tenantId: number,
    funcionarioIds: readonly number[],
    p: Periodo,
    dias: DadosLoteDias,
    semanas: DadosLoteJson,
    resumos: DadosLoteJson,
  ): Promise<LinhasGravadas> {
    const escritas: LinhasGravadas = { dias: 0, semanas: 0, resumos: 0, apagadas: 0 };
    if (funcionarioIds.length === 0) return escritas;
    const quem = sql`tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}`;
    const contar = async (r: Promise<{ gravadas: number; apagadas: number }[]>) => {
      const [c] = await r;
      escritas.apagadas += Number(c?.apagadas ?? 0);
      return Number(c?.gravadas ?? 0);
    };
    escritas.dias = await contar(
      queryRows(
        tx,
        sql`WITH novas (${sql.raw(COLUNAS_DIA.join(', '))}) AS (${this.linhasDosDias(tenantId, p.inicio, dias)}),
            -- Every day the calculation gave (the rows in novas may be only those that changed).
            dados AS (SELECT k.f, DATE '1970-01-01' + k.n AS dia
                        FROM unnest(${`{${dias.chavesF.slice(1)}}`}::int[], ${`{${dias.chavesN.slice(1)}}`}::int[]) AS k(f, n)),
            apagadas AS (
              DELETE FROM calculo_dias c WHERE ${quem} AND dia BETWEEN ${p.inicio}::date AND ${p.fim}::date
                 AND (c.funcionario_id, c.dia) NOT IN (SELECT d.f, d.dia FROM dados d)
              RETURNING 1),
            gravadas AS (
              INSERT INTO calculo_dias AS c (${sql.raw(COLUNAS_DIA.join(', '))}) SELECT * FROM novas
              ON CONFLICT (tenant_id, funcionario_id, dia) DO UPDATE SET ${atribuirExcluded(COLUNAS_DIA_VALORES)}
              RETURNING 1)
            SELECT (SELECT count(*) FROM gravadas)::int AS gravadas, (SELECT count(*) FROM apagadas)::int AS apagadas`,
      ),
    );
    // Weeks and summaries: the rows that changed travel as one JSON document each (one parse, no array quoting),
    // beside the keys of every row calculated (decision 0088).
    escritas.semanas = await contar(
      queryRows(
        tx,
        sql`WITH novas AS (
              SELECT ${tenantId}::int AS tenant_id, x.*
                FROM jsonb_to_recordset(${`[${semanas.json.slice(1)}]`}::jsonb)
                     AS x("funcionarioId" int, "periodoInicio" date, segunda date, "dsrPago" int, "dsrDebito" int,
                          "periodoLancamento" text, resultado jsonb, assinatura uuid)),
            dados AS (SELECT k.f, DATE '1970-01-01' + k.n AS segunda
                        FROM unnest(${`{${semanas.chavesF.slice(1)}}`}::int[], ${`{${semanas.chavesN.slice(1)}}`}::int[]) AS k(f, n)),
            apagadas AS (
              DELETE FROM calculo_semanas c WHERE ${quem} AND periodo_inicio = ${p.inicio}::date
                 AND (c.funcionario_id, c.segunda) NOT IN (SELECT d.f, d.segunda FROM dados d)
              RETURNING 1),
            gravadas AS (
              INSERT INTO calculo_semanas AS c (${sql.raw(COLUNAS_SEMANA.join(', '))}) SELECT * FROM novas
              ON CONFLICT (tenant_id, funcionario_id, periodo_inicio, segunda)
              DO UPDATE SET ${atribuirExcluded(COLUNAS_SEMANA_VALORES)}
              RETURNING 1)
            SELECT (SELECT count(*) FROM gravadas)::int AS gravadas, (SELECT count(*) FROM apagadas)::int AS apagadas`,
      ),
    );
    // A summary whose values are the stored ones is not sent; `calculado_em` still says when the month was last
    // calculated (Marcações shows it), so those rows only get the time.
    escritas.resumos = await contar(
      queryRows(
        tx,
        sql`WITH novas AS (
              SELECT ${tenantId}::int AS tenant_id, x.*
                FROM jsonb_to_recordset(${`[${resumos.json.slice(1)}]`}::jsonb)
                     AS x("funcionarioId" int, "periodoInicio" date, "periodoFim" date, ano smallint, mes smallint,
                          "cnpjId" int, "diasTrabalhados" int, jornada int, "jornadaEAbono" int, "horasExtras" int,
                          "qtdFaltas" int, "qtdAtrasos" int, "qtdSaidasAntecipadas" int, "qtdExcessoRefeicao" int,
                          "qtdFaltaMarcacao" int, "qtdInterjornada" int, "saldoAnteriorBh" int, "saldoFinalBh" int,
                          resumo jsonb, assinatura uuid)),
            todos AS (SELECT unnest(${`{${resumos.chavesF.slice(1)}}`}::int[]) AS f),
            apagadas AS (
              DELETE FROM calculo_resumos c WHERE ${quem} AND periodo_inicio = ${p.inicio}::date
                 AND c.funcionario_id NOT IN (SELECT t.f FROM todos t)
              RETURNING 1),
            gravadas AS (
              INSERT INTO calculo_resumos AS c (${sql.raw(COLUNAS_RESUMO.join(', '))}) SELECT * FROM novas
              ON CONFLICT (tenant_id, funcionario_id, periodo_inicio)
              DO UPDATE SET ${atribuirExcluded(COLUNAS_RESUMO_VALORES)}, calculado_em = now()
              RETURNING 1),
            iguais AS (
              UPDATE calculo_resumos c SET calculado_em = now()
               WHERE ${quem} AND periodo_inicio = ${p.inicio}::date
                 AND c.funcionario_id IN (SELECT t.f FROM todos t)
                 AND c.funcionario_id NOT IN (SELECT n."funcionarioId" FROM novas n)
              RETURNING 1)
            -- (iguais runs all the same: a data-modifying WITH always runs to completion.)
            SELECT (SELECT count(*) FROM gravadas)::int AS gravadas, (SELECT count(*) FROM apagadas)::int AS apagadas`,
      ),
    );
    return escritas;
  },

  /**
   * The day rows as a SELECT, a column per array literal built where the
   * engine ran (the benchmark's bare write stores the same), in the order of
   * COLUNAS_DIA.
   */
  linhasDosDias(tenantId: number, periodoInicio: string, d: DadosLoteDias): SQL {
    const colunas = Object.entries(COLUNAS_LOTE) as [ColunaLote, string][];
    const arrays = sql.join(
      colunas.map(([c, tipo]) => sql`unnest(${literalDaColuna(d, c)}::${sql.raw(tipo)}[])`),
      sql`, `,
    );
    return sql`SELECT ${tenantId}::int, ${periodoInicio}::date, u.f, DATE '1970-01-01' + u.n, u.c1, u.c2, u.c3, u.c4, u.t,
                 u.b1, u.b2, u.i1, u.i2, u.i3, u.i4, u.i5, u.i6, u.i7, u.i8, u.b3, u.i9, u.i10, u.i11, u.i12, u.i13,
                 u.i14, u.i15, u.i16, u.a, u.r
            FROM ROWS FROM (${arrays},
            -- The rests as one JSON array: one parse, no per-element quoting of an array literal.
            jsonb_array_elements(${restosEmJson(d)}::jsonb))
              AS u(f, n, c1, c2, c3, c4, t, b1, b2, i1, i2, i3, i4, i5, i6, i7, i8, b3, i9, i10, i11, i12, i13, i14, i15, i16, a, r)`;
  },

  /** The stored days of one employee in [p.inicio, p.fim], by date. */
  diasGravados(tx: Tx, tenantId: number, funcionarioId: number, p: Periodo) {
    return queryRows<ColunasDia & { resultado: RestoDia; afastado: boolean; escalaId: number | null }>(
      tx,
      sql`SELECT dia::text AS dia, tipo_dia AS "tipoDia", irregular, planejado, trabalhado, normal, atraso,
                 saida_antecipada AS "saidaAntecipada", falta, excesso_intervalo AS "excessoIntervalo",
                 falta_marcacao AS "faltaMarcacao", falta_marcacao_flag AS "faltaMarcacaoFlag",
                 noturno_reduzido AS "noturnoReduzido", interjornada, intervalo_suprimido AS "intervaloSuprimido",
                 abono, banco_credito AS "bancoCredito", banco_debito AS "bancoDebito",
                 horas_faltantes AS "horasFaltantes", afastado, escala_id AS "escalaId", resultado
            FROM calculo_dias
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId}
             AND dia BETWEEN ${p.inicio}::date AND ${p.fim}::date
           ORDER BY dia`,
    );
  },

  /** The stored weeks of one employee's period. */
  semanasGravadas(tx: Tx, tenantId: number, funcionarioId: number, inicio: string) {
    return queryRows<{ resultado: unknown }>(
      tx,
      sql`SELECT resultado FROM calculo_semanas
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND periodo_inicio = ${inicio}::date
           ORDER BY segunda`,
    );
  },

  /**
   * The stored summaries of one employee, with the period's `fechado` read
   * from periodos_funcionario (the one truth, decision 0049), oldest first.
   */
  resumosComFechado(tx: Tx, tenantId: number, funcionarioId: number) {
    return queryRows<{
      periodoInicio: string;
      periodoFim: string;
      ano: number;
      mes: number;
      saldoFinalBh: number | null;
      resumo: unknown;
      fechado: boolean;
      idPeriodo: number | null;
    }>(
      tx,
      sql`SELECT r.periodo_inicio::text AS "periodoInicio", r.periodo_fim::text AS "periodoFim", r.ano, r.mes,
                 r.saldo_final_bh AS "saldoFinalBh", r.resumo, coalesce(pf.fechado, false) AS fechado,
                 pf.id::int AS "idPeriodo"
            FROM calculo_resumos r
            LEFT JOIN periodos_funcionario pf
              ON pf.tenant_id = r.tenant_id AND pf.funcionario_id = r.funcionario_id
             AND pf.data_inicio = r.periodo_inicio
           WHERE r.tenant_id = ${tenantId} AND r.funcionario_id = ${funcionarioId}
           ORDER BY r.periodo_inicio`,
    );
  },

  // ---- dirty employee-days (calculo_pendencias, appended by the writers of the inputs)

  /**
   * Up to `limite` dirty rows of the tenant, oldest first, locked so a second
   * consumer skips them; rows appended after this read are not returned and
   * survive the delete of the ones that were (decision 0052).
   */
  pendencias(tx: Tx, tenantId: number, limite: number): Promise<Pendencia[]> {
    return queryRows<Pendencia>(
      tx,
      sql`SELECT id::int AS "id", funcionario_id AS "funcionarioId", data_inicio::text AS "dataInicio",
                 data_final::text AS "dataFinal"
            FROM calculo_pendencias WHERE tenant_id = ${tenantId}
           ORDER BY id LIMIT ${limite} FOR UPDATE SKIP LOCKED`,
    );
  },

  /**
   * Per employee, the first and last of the days stored open (flag DIA_EM_ABERTO, decision 0073) before
   * `hoje`: days that have ended since they were calculated. Through the partial index of open days.
   */
  async diasEmAbertoAntesDe(tx: Tx, tenantId: number, hoje: string) {
    return queryRows<{ funcionarioId: number; dataInicio: string; dataFinal: string }>(
      tx,
      sql`SELECT funcionario_id AS "funcionarioId", min(dia)::text AS "dataInicio", max(dia)::text AS "dataFinal"
            FROM calculo_dias
           WHERE tenant_id = ${tenantId} AND dia < ${hoje}::date AND ${EM_ABERTO}
           GROUP BY funcionario_id`,
    );
  },

  /**
   * The dirty rows this very transaction wrote (row version `xmin` = its id) for these employees, wholly inside
   * [de, ate]: a change recalculated in its own request has covered them. A row another writer left and this
   * transaction stretched is this transaction's version too: when it still lies inside the range, the
   * recalculation read that writer's committed change as well; when it reaches outside, it stays for the consumer.
   */
  async apagarPendenciasDaTransacao(
    tx: Tx,
    tenantId: number,
    funcionarioIds: readonly number[],
    de: string,
    ate: string,
  ): Promise<void> {
    await tx.execute(
      sql`DELETE FROM calculo_pendencias
           WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
             AND data_inicio >= ${de}::date AND data_final <= ${ate}::date AND xmin = pg_current_xact_id()::xid`,
    );
  },

  async apagarPendencias(tx: Tx, tenantId: number, pendenciaIds: readonly number[]): Promise<void> {
    if (pendenciaIds.length === 0) return;
    await tx.execute(
      sql`DELETE FROM calculo_pendencias WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param([...pendenciaIds])}::bigint[])`,
    );
  },

  /** Whether the tenant has any dirty row, locked or not. */
  async restamPendencias(tx: Tx, tenantId: number): Promise<boolean> {
    const [row] = await queryRows<{ ha: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM calculo_pendencias WHERE tenant_id = ${tenantId}) AS ha`,
    );
    return row!.ha;
  },

  /** Every dirty row of the tenant, consumed at once (the demo seed, which has just calculated what they mark). */
  async apagarTodasPendencias(tx: Tx, tenantId: number): Promise<void> {
    await tx.execute(sql`DELETE FROM calculo_pendencias WHERE tenant_id = ${tenantId}`);
  },

  /** The tenants that have dirty rows (the sweep's question; a SECURITY DEFINER function of db/tenant-rls.ts). */
  async clientesComPendencias(tx: Tx): Promise<number[]> {
    const rows = await queryRows<{ t: number }>(tx, sql`SELECT t FROM jornada_clientes_com_pendencias() AS t`);
    return rows.map((r) => Number(r.t));
  },

  /** Employees of the tenant that still exist, of these ids (a dirty row's employee may be gone). */
  async existentes(tx: Tx, tenantId: number, funcionarioIds: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM funcionarios WHERE tenant_id = ${tenantId} AND ${entre('id', funcionarioIds)} ORDER BY id`,
    );
    return rows.map((r) => Number(r.id));
  },

  /** The first and last day of the stored periods of each employee (absent = nothing stored). */
  async periodosGuardados(tx: Tx, tenantId: number, funcionarioIds: readonly number[]) {
    const rows = await queryRows<{ f: number; de: string; ate: string }>(
      tx,
      sql`SELECT funcionario_id AS f, min(periodo_inicio)::text AS de, max(periodo_fim)::text AS ate
            FROM calculo_resumos WHERE tenant_id = ${tenantId} AND ${entre('funcionario_id', funcionarioIds)}
           GROUP BY funcionario_id`,
    );
    return new Map(rows.map((r) => [Number(r.f), { de: r.de, ate: r.ate }]));
  },

  /** Every employee of the tenant (the demo's calculation). */
  async funcionariosDoCliente(tx: Tx, tenantId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM funcionarios WHERE tenant_id = ${tenantId} ORDER BY id`,
    );
    return rows.map((r) => Number(r.id));
  },

  // ---- Cálculo do Ponto runs (calculo_execucoes, decision 0051)

  async criarExecucao(
    tx: Tx,
    tenantId: number,
    v: {
      usuarioId: number | null;
      cnpjId: number;
      modo: 'simples' | 'flexivel';
      dataInicio: string;
      dataFinal: string;
      parametros: unknown;
      total: number;
    },
  ): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO calculo_execucoes (tenant_id, usuario_id, cnpj_id, modo, data_inicio, data_final, parametros,
                                         total, status, fim_processamento)
          VALUES (${tenantId}, ${v.usuarioId}, ${v.cnpjId}, ${v.modo}, ${v.dataInicio}::date, ${v.dataFinal}::date,
                  ${JSON.stringify(v.parametros)}::jsonb, ${v.total},
                  ${v.total === 0 ? 'PROCESSADO' : 'FILA'}, ${v.total === 0 ? sql`now()` : null})
          RETURNING id::int AS id`,
    );
    return Number(row!.id);
  },

  execucao(tx: Tx, tenantId: number, id: number): Promise<ExecucaoRow | undefined> {
    return lerExecucao<ExecucaoRow>(tx, tenantId, id, sql`, parametros`);
  },

  /**
   * Where a run stands, without its `parametros`: the progress bar reads it every second, and a run of 10,000
   * employees carries their 10,000 ids there.
   */
  estadoExecucao(tx: Tx, tenantId: number, id: number): Promise<EstadoExecucao | undefined> {
    return lerExecucao<EstadoExecucao>(tx, tenantId, id, sql``);
  },

  async iniciarExecucao(tx: Tx, tenantId: number, id: number): Promise<void> {
    await tx.execute(
      sql`UPDATE calculo_execucoes SET status = 'PROCESSANDO', inicio_processamento = coalesce(inicio_processamento, now())
           WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ('FILA', 'PROCESSANDO')`,
    );
  },

  /** Adds `n` calculations done (in the batch's own transaction, so the bar follows what is stored). */
  async avancarExecucao(tx: Tx, tenantId: number, id: number, n: number): Promise<void> {
    await tx.execute(
      sql`UPDATE calculo_execucoes SET calculados = least(total, calculados + ${n})
           WHERE tenant_id = ${tenantId} AND id = ${id}`,
    );
  },

  async encerrarExecucao(tx: Tx, tenantId: number, id: number, erro: string | null): Promise<void> {
    await tx.execute(
      sql`UPDATE calculo_execucoes
             SET status = ${erro === null ? 'PROCESSADO' : 'ERRO'}, mensagem = ${erro},
                 calculados = CASE WHEN ${erro === null} THEN total ELSE calculados END, fim_processamento = now()
           WHERE tenant_id = ${tenantId} AND id = ${id}`,
    );
  },
};
