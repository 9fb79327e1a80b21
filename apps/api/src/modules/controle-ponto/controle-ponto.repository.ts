import type { BankFields, DayType, MonthSummary } from '@jornada/engine';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared } from '../../db/client.js';
import { buscaFuncionariosSql } from '../../db/funcionario-busca.js';
import { funcionarios as f } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import { centrosCte } from '../../db/centros-escolhidos.js';
import type { UserScope } from '../../shared/user-scope.js';

/** Who the screen lists, after the service resolved the filter. */
export interface FiltroControle {
  cnpjId: number;
  ativo: boolean;
  /** The chosen cost centres ([] = the whole company); their children are added in SQL. */
  centroCustoIds: number[];
  /** The typed words (letters and digits only, decision 0033); [] = no text filter. */
  palavras: string[];
}

/** The Marcações header's row. */
export interface CabecalhoRow {
  id: number;
  cracha: string | null;
  nome: string;
  cnpjId: number;
  centroCustoId: number | null;
  centroCusto: string | null;
  possuiFoto: boolean;
}

/** A stored day as Marcações shows it (the rest of the DayResult is in `resultado`, decision 0049). */
export interface DiaGravadoRow {
  dia: string;
  tipoDia: DayType;
  afastado: boolean;
  irregular: boolean;
  normal: number;
  horasFaltantes: number;
  escalaId: number | null;
  escala: string | null;
  resultado: { effectivePunches?: number[]; descricaoEventos?: string[]; flags?: string[] };
  /** An employee's request about the day waits for an answer (decision 0086). */
  temPendencias: boolean;
}

/** What `calculo_resumos.resumo` keeps (apps/api/src/modules/calculo/linhas-lote.ts). */
export interface ResumoArmazenado {
  summary: MonthSummary;
  bank: BankFields | null;
  totaisBancoHoras: { descricao: string; valor: number }[] | null;
}

/** One row of a page as the statement answers it (total repeated on each; one row of nulls for an empty page). */
export interface LinhaControleRow {
  total: number;
  id: number | null;
  cracha: string | null;
  nome: string | null;
  calculado: boolean;
  /** The employee has requests waiting for an answer, of any day (decision 0086). */
  tem_pendencias: boolean;
  fechado: boolean;
  qtd_faltas: number;
  qtd_atrasos: number;
  qtd_excesso_refeicao: number;
  qtd_saidas_antecipadas: number;
  qtd_falta_marcacao: number;
  qtd_interjornada: number;
}

/** The employees of the filter, in the caller's scope (decision 0020). */
function filtroSql(tenantId: number, scope: UserScope, filtro: FiltroControle): SQL {
  const busca = buscaFuncionariosSql(tenantId, f.id, filtro.palavras);
  return sql`${f.tenantId} = ${tenantId} AND ${f.cnpjId} = ${filtro.cnpjId} AND ${f.ativo} = ${filtro.ativo}
    ${filtro.centroCustoIds.length ? sql`AND ${f.centroCustoId} IN (SELECT id FROM centros)` : sql``}
    ${busca ? sql`AND ${busca}` : sql``}
    AND ${scopeSql.centroCusto(scope, f.cnpjId, f.centroCustoId)}`;
}

export const controlePontoRepository = {
  /**
   * One page of the list in ONE statement (decision 0070): the filter's
   * count, the page's ids in name order, and for each of the page's rows
   * only, by index, the month's stored summary (`calculo_resumos`: the
   * divergence counters the calculation wrote) and its closing period's lock
   * (`periodos_funcionario`). Nothing is recalculated, and no row costs a
   * query of its own. The count and the page each read the employees on
   * their own (not one shared CTE, which PostgreSQL materialises and then
   * sorts whole): both are index-only scans of the company/active/name/id
   * index, and a page deep in the list skips index entries, not sorted rows
   * (11 → 2 ms at 10,000 employees).
   */
  pagina(
    tx: Tx,
    tenantId: number,
    scope: UserScope,
    filtro: FiltroControle,
    mes: { ano: number; mes: number },
    pagina: { linhas: number; deslocamento: number },
  ): Promise<LinhaControleRow[]> {
    const onde = filtroSql(tenantId, scope, filtro);
    return queryRowsPrepared<LinhaControleRow>(
      tx,
      sql`
      WITH ${centrosCte(tenantId, filtro)}
      pagina AS (SELECT ${f.id} AS id FROM ${f} WHERE ${onde} ORDER BY ${f.nome}, ${f.id}
                  LIMIT ${pagina.linhas} OFFSET ${pagina.deslocamento})
      SELECT t.total, p.id, p.cracha, p.nome,
             r.funcionario_id IS NOT NULL AS calculado,
             EXISTS (SELECT 1 FROM solicitacoes s
                      WHERE s.tenant_id = ${tenantId} AND s.funcionario_id = p.id AND s.status = 'PENDENTE')
               AS tem_pendencias,
             coalesce(pf.fechado, false) AS fechado,
             coalesce(r.qtd_faltas, 0) AS qtd_faltas,
             coalesce(r.qtd_atrasos, 0) AS qtd_atrasos,
             coalesce(r.qtd_excesso_refeicao, 0) AS qtd_excesso_refeicao,
             coalesce(r.qtd_saidas_antecipadas, 0) AS qtd_saidas_antecipadas,
             coalesce(r.qtd_falta_marcacao, 0) AS qtd_falta_marcacao,
             coalesce(r.qtd_interjornada, 0) AS qtd_interjornada
        FROM (SELECT count(*)::int AS total FROM ${f} WHERE ${onde}) t
        LEFT JOIN (pagina JOIN funcionarios p ON p.tenant_id = ${tenantId} AND p.id = pagina.id) ON true
        -- The month's summary: one per closing period; after a change of the closing days an
        -- older period may share the month, so the latest calculated wins.
        LEFT JOIN LATERAL (
              SELECT x.funcionario_id, x.periodo_inicio, x.qtd_faltas, x.qtd_atrasos, x.qtd_excesso_refeicao,
                     x.qtd_saidas_antecipadas, x.qtd_falta_marcacao, x.qtd_interjornada
                FROM calculo_resumos x
               WHERE x.tenant_id = ${tenantId} AND x.ano = ${mes.ano} AND x.mes = ${mes.mes}
                 AND x.funcionario_id = p.id
               ORDER BY x.calculado_em DESC, x.periodo_inicio DESC
               LIMIT 1) r ON true
        LEFT JOIN periodos_funcionario pf
               ON pf.tenant_id = ${tenantId} AND pf.funcionario_id = p.id AND pf.data_inicio = r.periodo_inicio
       ORDER BY p.nome, p.id`,
    );
  },

  /** A page of the filter's employees in name order (the duplicate-punch search, decision 0076). */
  funcionariosDaPagina(
    tx: Tx,
    tenantId: number,
    scope: UserScope,
    filtro: FiltroControle,
    pagina: { linhas: number; deslocamento: number },
  ) {
    return queryRowsPrepared<{ id: number; cracha: string | null; nome: string }>(
      tx,
      sql`WITH ${centrosCte(tenantId, filtro)} nada AS (SELECT 1)
          SELECT ${f.id} AS id, ${f.cracha} AS cracha, ${f.nome} AS nome FROM ${f}
           WHERE ${filtroSql(tenantId, scope, filtro)}
           ORDER BY ${f.nome}, ${f.id} LIMIT ${pagina.linhas} OFFSET ${pagina.deslocamento}`,
    );
  },

  /** How many employees the filter lists. */
  async quantidade(tx: Tx, tenantId: number, scope: UserScope, filtro: FiltroControle): Promise<number> {
    const [row] = await queryRowsPrepared<{ total: number }>(
      tx,
      sql`WITH ${centrosCte(tenantId, filtro)} nada AS (SELECT 1)
          SELECT count(*)::int AS total FROM ${f} WHERE ${filtroSql(tenantId, scope, filtro)}`,
    );
    return Number(row?.total ?? 0);
  },

  /** The Marcações header: the employee, its company and cost centre, and whether it has a photo. */
  async cabecalho(tx: Tx, tenantId: number, funcionarioId: number) {
    const [row] = await queryRows<CabecalhoRow>(
      tx,
      sql`SELECT f.id, f.cracha, f.nome, f.cnpj_id AS "cnpjId", f.centro_custo_id AS "centroCustoId",
                 cc.nome AS "centroCusto", EXISTS (SELECT 1 FROM funcionario_fotos ft
                   WHERE ft.tenant_id = f.tenant_id AND ft.funcionario_id = f.id) AS "possuiFoto"
            FROM funcionarios f
            LEFT JOIN centros_custo cc ON cc.tenant_id = f.tenant_id AND cc.id = f.centro_custo_id
           WHERE f.tenant_id = ${tenantId} AND f.id = ${funcionarioId}`,
    );
    return row;
  },

  /** The stored days of one employee between two dates, with the schedule that ruled each. */
  dias(tx: Tx, tenantId: number, funcionarioId: number, de: string, ate: string) {
    return queryRowsPrepared<DiaGravadoRow>(
      tx,
      sql`SELECT d.dia::text AS dia, d.tipo_dia AS "tipoDia", d.afastado, d.irregular, d.normal,
                 d.horas_faltantes AS "horasFaltantes", d.escala_id AS "escalaId", e.descricao AS escala,
                 d.resultado,
                 EXISTS (SELECT 1 FROM solicitacoes s
                          WHERE s.tenant_id = d.tenant_id AND s.funcionario_id = d.funcionario_id
                            AND s.data_ponto = d.dia AND s.status = 'PENDENTE') AS "temPendencias"
            FROM calculo_dias d
            LEFT JOIN escalas e ON e.tenant_id = d.tenant_id AND e.id = d.escala_id
           WHERE d.tenant_id = ${tenantId} AND d.funcionario_id = ${funcionarioId}
             AND d.dia BETWEEN ${de}::date AND ${ate}::date
           ORDER BY d.dia`,
    );
  },

  /** The occurrences (with their justification) that meet a range of days. */
  ocorrencias(tx: Tx, tenantId: number, funcionarioId: number, de: string, ate: string) {
    return queryRowsPrepared<{ dataInicio: string; dataFinal: string; justificativa: string }>(
      tx,
      sql`SELECT o.data_inicio::text AS "dataInicio", o.data_final::text AS "dataFinal", j.descricao AS justificativa
            FROM ocorrencias o JOIN justificativas j ON j.tenant_id = o.tenant_id AND j.id = o.justificativa_id
           WHERE o.tenant_id = ${tenantId} AND o.funcionario_id = ${funcionarioId}
             AND o.data_inicio <= ${ate}::date AND o.data_final >= ${de}::date
           ORDER BY o.data_inicio, o.id`,
    );
  },

  /** The stored summary of one employee's closing period (none before it was calculated). */
  async resumo(tx: Tx, tenantId: number, funcionarioId: number, periodoInicio: string) {
    const [row] = await queryRowsPrepared<{ resumo: ResumoArmazenado; calculadoEm: Date | string }>(
      tx,
      sql`SELECT resumo, calculado_em AS "calculadoEm" FROM calculo_resumos
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId}
             AND periodo_inicio = ${periodoInicio}::date`,
    );
    return row;
  },

  /** The closing-period row of one employee's period (absent while nobody closed or concluded it). */
  async periodo(tx: Tx, tenantId: number, funcionarioId: number, dataInicio: string) {
    const [row] = await queryRowsPrepared<{ id: number; fechado: boolean; concluido: boolean }>(
      tx,
      sql`SELECT id::int AS id, fechado, concluido FROM periodos_funcionario
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND data_inicio = ${dataInicio}::date`,
    );
    return row;
  },

  /** The schedule's name and the date its version in force on `dia` starts. */
  async escalaNoDia(tx: Tx, tenantId: number, escalaId: number, dia: string) {
    const [row] = await queryRows<{ descricao: string; validaDesde: string | null }>(
      tx,
      sql`SELECT e.descricao, (SELECT max(v.valida_desde)::text FROM escala_versoes v
                                WHERE v.tenant_id = e.tenant_id AND v.escala_id = e.id
                                  AND v.valida_desde <= ${dia}::date) AS "validaDesde"
            FROM escalas e WHERE e.tenant_id = ${tenantId} AND e.id = ${escalaId}`,
    );
    return row;
  },

  /**
   * Closes (fechar) or concludes an employee's period: one row per employee
   * and period start, made or changed in one statement. Closing an already
   * closed period changes nothing and answers nothing (two operators at once:
   * the second is told). Concluding never opens a closed period.
   */
  async fecharOuConcluir(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    p: { inicio: string; fim: string },
    fechar: boolean,
    autor: Autor,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, concluido,
                                             usuario_id, usuario_nome)
          VALUES (${tenantId}, ${funcionarioId}, ${p.inicio}::date, ${p.fim}::date, ${fechar}, true,
                  ${autor.usuarioId}, ${autor.usuarioNome})
          ON CONFLICT (tenant_id, funcionario_id, data_inicio) DO UPDATE
             SET fechado = periodos_funcionario.fechado OR EXCLUDED.fechado, concluido = true,
                 data_final = EXCLUDED.data_final, usuario_id = EXCLUDED.usuario_id,
                 usuario_nome = EXCLUDED.usuario_nome, criado_em = now()
           WHERE NOT periodos_funcionario.fechado
          RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },

  /** A closed-period row by id, locked for the rest of the transaction (two openings at once: one opens). */
  async periodoPorId(tx: Tx, tenantId: number, id: number) {
    const [row] = await queryRows<{
      id: number;
      funcionarioId: number;
      dataInicio: string;
      dataFinal: string;
      fechado: boolean;
    }>(
      tx,
      sql`SELECT id::int AS id, funcionario_id AS "funcionarioId", data_inicio::text AS "dataInicio",
                 data_final::text AS "dataFinal", fechado
            FROM periodos_funcionario WHERE tenant_id = ${tenantId} AND id = ${id}
           FOR UPDATE`,
    );
    return row;
  },

  async abrir(tx: Tx, tenantId: number, id: number): Promise<void> {
    await tx.execute(sql`UPDATE periodos_funcionario SET fechado = false WHERE tenant_id = ${tenantId} AND id = ${id}`);
  },

  // ---- Day actions (decision 0074). Every write marks its days dirty through the input tables' triggers.

  async temFolga(tx: Tx, tenantId: number, funcionarioId: number, data: string): Promise<boolean> {
    const rows = await queryRows<{ um: number }>(
      tx,
      sql`SELECT 1 AS um FROM folgas WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND data = ${data}::date`,
    );
    return rows.length > 0;
  },

  /** False when the day already had one (the unique key decides between two at once). */
  async lancarFolga(tx: Tx, tenantId: number, funcionarioId: number, data: string, autor: Autor): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_id, usuario_nome)
          VALUES (${tenantId}, ${funcionarioId}, ${data}::date, ${autor.usuarioId}, ${autor.usuarioNome})
          ON CONFLICT DO NOTHING RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },

  async excluirFolga(tx: Tx, tenantId: number, funcionarioId: number, data: string): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM folgas WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND data = ${data}::date
          RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },

  /** 'Não é Feriado' is in force for the employee on the date. */
  async feriadoExcluido(tx: Tx, tenantId: number, funcionarioId: number, data: string): Promise<boolean> {
    const rows = await queryRows<{ um: number }>(
      tx,
      sql`SELECT 1 AS um FROM feriado_exclusoes
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND data = ${data}::date`,
    );
    return rows.length > 0;
  },

  /** 'Não é Feriado' (excluido) or 'É Feriado' for the date; answers whether anything changed. */
  async definirFeriadoExcluido(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    data: string,
    excluido: boolean,
    autor: Autor,
  ): Promise<boolean> {
    const rows = excluido
      ? await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO feriado_exclusoes (tenant_id, funcionario_id, data, usuario_id, usuario_nome)
              VALUES (${tenantId}, ${funcionarioId}, ${data}::date, ${autor.usuarioId}, ${autor.usuarioNome})
              ON CONFLICT DO NOTHING RETURNING id::int AS id`,
        )
      : await queryRows<{ id: number }>(
          tx,
          sql`DELETE FROM feriado_exclusoes
               WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND data = ${data}::date
              RETURNING id::int AS id`,
        );
    return rows.length > 0;
  },

  /**
   * Takes one day out of every occurrence of the employee that covers it: a one-day occurrence is deleted, one
   * that starts or ends on it is shortened, one that runs across it is split in two (the part after the day is a
   * new row with the same justification, scopes, observation and author). Answers how many occurrences it touched.
   */
  async excluirOcorrenciasDoDia(tx: Tx, tenantId: number, funcionarioId: number, data: string): Promise<number> {
    const dela = sql`tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId}`;
    const d = sql`${data}::date`;
    const [{ n }] = (await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ocorrencias WHERE ${dela} AND data_inicio <= ${d} AND data_final >= ${d}`,
    )) as [{ n: number }];
    if (n === 0) return 0;
    await tx.execute(sql`
      INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id, abrange_faltas,
                               abrange_falta_marcacao, abrange_atrasos, abrange_saida_antecipada,
                               abrange_excesso_refeicao, observacao, usuario_id, usuario_nome, criado_em)
      SELECT tenant_id, funcionario_id, ${d} + 1, data_final, justificativa_id, abrange_faltas, abrange_falta_marcacao,
             abrange_atrasos, abrange_saida_antecipada, abrange_excesso_refeicao, observacao, usuario_id, usuario_nome,
             criado_em
        FROM ocorrencias WHERE ${dela} AND data_inicio < ${d} AND data_final > ${d}`);
    await tx.execute(
      sql`UPDATE ocorrencias SET data_final = ${d} - 1 WHERE ${dela} AND data_inicio < ${d} AND data_final >= ${d}`,
    );
    await tx.execute(
      sql`UPDATE ocorrencias SET data_inicio = ${d} + 1 WHERE ${dela} AND data_inicio = ${d} AND data_final > ${d}`,
    );
    await tx.execute(sql`DELETE FROM ocorrencias WHERE ${dela} AND data_inicio = ${d} AND data_final = ${d}`);
    return n;
  },

  // ---- Editar marcações (decision 0074; Portaria 671 art. 82: the original rows are never touched).

  /** The employee's original punches in [de, ate) with their treatment: the candidates of a day. */
  originaisEntre(tx: Tx, tenantId: number, funcionarioId: number, de: string, ate: string) {
    return queryRows<OriginalRow>(
      tx,
      sql`SELECT mf.marcacao_id::int AS id, to_char(mf.data_hora, 'YYYY-MM-DD HH24:MI') AS "dataHora",
                 mf.origem AS fonte, COALESCE(t.descartada, false) AS descartado,
                 COALESCE(t.mover_dia, 0)::int AS "moverDia",
                 j.id AS "justificativaId", j.descricao AS justificativa
            FROM marcacao_funcionarios mf
            LEFT JOIN marcacao_tratamentos t ON t.tenant_id = mf.tenant_id AND t.marcacao_id = mf.marcacao_id
                                            AND t.funcionario_id = mf.funcionario_id
            LEFT JOIN justificativas j ON j.tenant_id = t.tenant_id AND j.id = t.justificativa_id
           WHERE mf.tenant_id = ${tenantId} AND mf.funcionario_id = ${funcionarioId}
             AND mf.data_hora >= ${de}::date AND mf.data_hora < ${ate}::date
           ORDER BY mf.data_hora, mf.marcacao_id`,
    );
  },

  /** The employee's inserted punches in [de, ate), with reason, author and time. */
  inseridasEntre(tx: Tx, tenantId: number, funcionarioId: number, de: string, ate: string) {
    return queryRows<InseridaRow>(
      tx,
      sql`SELECT mi.id::int AS id, to_char(mi.data_hora, 'YYYY-MM-DD HH24:MI') AS "dataHora",
                 j.id AS "justificativaId", j.descricao AS justificativa, mi.usuario_nome AS usuario,
                 mi.criado_em AS "criadoEm"
            FROM marcacoes_inseridas mi
            JOIN justificativas j ON j.tenant_id = mi.tenant_id AND j.id = mi.justificativa_id
           WHERE mi.tenant_id = ${tenantId} AND mi.funcionario_id = ${funcionarioId}
             AND mi.data_hora >= ${de}::date AND mi.data_hora < ${ate}::date
           ORDER BY mi.data_hora, mi.id`,
    );
  },

  /** The tenant's justifications of the punch kinds (4: insert, 5: discard). */
  justificativasDeMarcacao(tx: Tx, tenantId: number) {
    return queryRows<{ id: number; descricao: string; tipo: number }>(
      tx,
      sql`SELECT id, descricao, tipo FROM justificativas WHERE tenant_id = ${tenantId} AND tipo IN (4, 5)
           ORDER BY descricao, id`,
    );
  },

  /**
   * Discards an original punch of the employee (or takes it back) with its reason; the treatment row keeps a
   * move the punch may have. Answers whether the punch is linked to the employee.
   */
  async tratarOriginal(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    marcacaoId: number,
    descartada: boolean,
    justificativaId: number | null,
    autor: Autor,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO marcacao_tratamentos (tenant_id, marcacao_id, funcionario_id, descartada, justificativa_id,
                                            usuario_id, usuario_nome)
          SELECT mf.tenant_id, mf.marcacao_id, mf.funcionario_id, ${descartada}, ${justificativaId},
                 ${autor.usuarioId}, ${autor.usuarioNome}
            FROM marcacao_funcionarios mf
           WHERE mf.tenant_id = ${tenantId} AND mf.funcionario_id = ${funcionarioId} AND mf.marcacao_id = ${marcacaoId}
          ON CONFLICT (marcacao_id, funcionario_id) DO UPDATE
             SET descartada = EXCLUDED.descartada, justificativa_id = EXCLUDED.justificativa_id,
                 usuario_id = EXCLUDED.usuario_id, usuario_nome = EXCLUDED.usuario_nome, criado_em = now()
          RETURNING marcacao_id::int AS id`,
    );
    return rows.length > 0;
  },

  async inserirMarcacao(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    dataHora: string,
    justificativaId: number,
    autor: Autor,
  ): Promise<void> {
    await tx.execute(
      sql`INSERT INTO marcacoes_inseridas (tenant_id, funcionario_id, data_hora, justificativa_id, usuario_id, usuario_nome)
          VALUES (${tenantId}, ${funcionarioId}, ${dataHora}::timestamp, ${justificativaId}, ${autor.usuarioId},
                  ${autor.usuarioNome})`,
    );
  },

  /** Moves an original punch of the employee a day from where the rules put it (−1, 0, +1); keeps a discard. */
  async moverOriginal(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    marcacaoId: number,
    moverDia: number,
    autor: Autor,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO marcacao_tratamentos (tenant_id, marcacao_id, funcionario_id, mover_dia, usuario_id, usuario_nome)
          SELECT mf.tenant_id, mf.marcacao_id, mf.funcionario_id, ${moverDia}, ${autor.usuarioId}, ${autor.usuarioNome}
            FROM marcacao_funcionarios mf
           WHERE mf.tenant_id = ${tenantId} AND mf.funcionario_id = ${funcionarioId} AND mf.marcacao_id = ${marcacaoId}
          ON CONFLICT (marcacao_id, funcionario_id) DO UPDATE
             SET mover_dia = EXCLUDED.mover_dia, usuario_id = EXCLUDED.usuario_id,
                 usuario_nome = EXCLUDED.usuario_nome, criado_em = now()
          RETURNING marcacao_id::int AS id`,
    );
    return rows.length > 0;
  },

  // ---- Mudança de Horário of one day (seed 002 §3 horarioFlexivel).

  async mudancaDoDia(tx: Tx, tenantId: number, funcionarioId: number, dia: string) {
    const [row] = await queryRows<{
      id: number;
      dia: string;
      entrada1: string | null;
      saida1: string | null;
      entrada2: string | null;
      saida2: string | null;
      entrada3: string | null;
      saida3: string | null;
      justificativaId: number | null;
      justificativa: string | null;
    }>(
      tx,
      sql`SELECT mh.id::int AS id, mh.dia::text AS dia, mh.entrada1, mh.saida1, mh.entrada2, mh.saida2, mh.entrada3,
                 mh.saida3, j.id AS "justificativaId", j.descricao AS justificativa
            FROM mudancas_horario mh
            LEFT JOIN justificativas j ON j.tenant_id = mh.tenant_id AND j.id = mh.justificativa_id
           WHERE mh.tenant_id = ${tenantId} AND mh.funcionario_id = ${funcionarioId} AND mh.dia = ${dia}::date`,
    );
    return row;
  },

  /** Every justification of the tenant, by name. */
  justificativas(tx: Tx, tenantId: number) {
    return queryRows<{ id: number; descricao: string }>(
      tx,
      sql`SELECT id, descricao FROM justificativas WHERE tenant_id = ${tenantId} ORDER BY descricao, id`,
    );
  },

  async existeJustificativa(tx: Tx, tenantId: number, id: number): Promise<boolean> {
    const rows = await queryRows<{ um: number }>(
      tx,
      sql`SELECT 1 AS um FROM justificativas WHERE tenant_id = ${tenantId} AND id = ${id}`,
    );
    return rows.length > 0;
  },

  /** The day's replacement times, made or replaced (one per employee and day). */
  async gravarMudanca(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    dia: string,
    h: { [K in 'entrada1' | 'saida1' | 'entrada2' | 'saida2' | 'entrada3' | 'saida3']: string | null },
    justificativaId: number,
    autor: Autor,
  ): Promise<void> {
    await tx.execute(
      sql`INSERT INTO mudancas_horario (tenant_id, funcionario_id, dia, entrada1, saida1, entrada2, saida2, entrada3,
                                        saida3, justificativa_id, usuario_id, usuario_nome)
          VALUES (${tenantId}, ${funcionarioId}, ${dia}::date, ${h.entrada1}, ${h.saida1}, ${h.entrada2}, ${h.saida2},
                  ${h.entrada3}, ${h.saida3}, ${justificativaId}, ${autor.usuarioId}, ${autor.usuarioNome})
          ON CONFLICT (tenant_id, funcionario_id, dia) DO UPDATE
             SET entrada1 = EXCLUDED.entrada1, saida1 = EXCLUDED.saida1, entrada2 = EXCLUDED.entrada2,
                 saida2 = EXCLUDED.saida2, entrada3 = EXCLUDED.entrada3, saida3 = EXCLUDED.saida3,
                 justificativa_id = EXCLUDED.justificativa_id, usuario_id = EXCLUDED.usuario_id,
                 usuario_nome = EXCLUDED.usuario_nome, criado_em = now()`,
    );
  },

  async excluirMudanca(tx: Tx, tenantId: number, funcionarioId: number, dia: string): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM mudancas_horario WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId}
             AND dia = ${dia}::date RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },

  /** Deletes an inserted punch of the employee; answers whether it was there. */
  async excluirInserida(tx: Tx, tenantId: number, funcionarioId: number, id: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM marcacoes_inseridas WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND id = ${id}
          RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },
};

/** An original punch of the employee as Editar marcações reads it ('YYYY-MM-DD HH:MM' on the company's clock). */
export interface OriginalRow {
  id: number;
  dataHora: string;
  fonte: 'R' | 'P';
  descartado: boolean;
  /** Mover Marcações: −1 / +1 from the day the rules give it, 0 when not moved. */
  moverDia: number;
  justificativaId: number | null;
  justificativa: string | null;
}

export interface InseridaRow {
  id: number;
  dataHora: string;
  justificativaId: number;
  justificativa: string;
  usuario: string;
  criadoEm: string | Date;
}

/** Who wrote a treatment row (db/schema/ponto.ts `autoria`). */
export interface Autor {
  usuarioId: number;
  usuarioNome: string;
}
