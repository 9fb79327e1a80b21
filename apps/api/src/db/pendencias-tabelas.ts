/**
 * Which days of which employees a write to each calculation input can change
 * (issue 11 §2; decisions 0053, 0054). One entry per table: `faixas(fonte)`
 * is a query over `fonte` (a transition table, or `(SELECT OLD.*)`) with the
 * columns
 *
 * - tenant_id, funcionario_id;
 * - inicio, fim: the row's own days (inclusive), before the neighbour rule;
 * - chave: what identifies the row across an UPDATE;
 * - conteudo: what else the calculation reads from it. On UPDATE, when it is
 *   unchanged only the days that entered or left the row count (an occurrence
 *   stretched by two days marks those two); when it changed, every day before
 *   and after.
 *
 * `vizinhos` widens the result by that many days on each side: a punch, a
 * schedule change or a schedule that starts or ends moves the day cut (spec
 * §5.1), so the day before and the day after may gain or lose punches
 * (decision 0054).
 *
 * Tables left out on purpose: `marcacoes` (a punch counts for an employee only
 * through its link, `marcacao_funcionarios`), `escalas` (names only; what a
 * schedule says is in `escala_versoes`), `escala_ciclos_listas` (copied into
 * the versions), `cargos`, `motivos_afastamento`, `empresas` (decision 0054).
 */

export type EventoPendencia = 'INSERT' | 'UPDATE' | 'DELETE';

export interface TabelaPendencias {
  tabela: string;
  /** `calculo_pendencias.motivo` of the rows it writes. */
  motivo: string;
  eventos: readonly EventoPendencia[];
  faixas: (fonte: string) => string;
  vizinhos: 0 | 1;
  /** DELETE as a row-level BEFORE trigger: what it reaches is read from rows a cascade removes first. */
  antesDeExcluir?: boolean;
  /**
   * INSERT marks nothing in a transaction that said, with the setting PENDENCIAS_ADIADAS, that it marks its
   * rows' days itself later (the AFD import, decision 0060).
   */
  adiavel?: boolean;
}

/** The transaction-local setting of `TabelaPendencias.adiavel` ('on' = this transaction marks later). */
export const PENDENCIAS_ADIADAS = 'jornada.pendencias_adiadas';

const TODOS: readonly EventoPendencia[] = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * The last day an open-ended range dated `desde` reaches (`jornada_horizonte`,
 * decision 0054); `menos` = the table's neighbour days, so that the neighbour
 * rule still ends on the horizon.
 */
const horizonte = (desde: string, menos: 0 | 1 = 0) => `jornada_horizonte(t.tenant_id, ${desde}) - ${menos}`;

/** An employee bound to the company on `dia` (alias `f`). */
const vinculadoEm = (dia: string) =>
  `f.data_admissao <= ${dia} AND (f.data_demissao IS NULL OR f.data_demissao >= ${dia})`;

/** A table whose rows belong to one employee (`t.funcionario_id`) and say their own days. */
function porFuncionario(o: {
  tabela: string;
  inicio: string;
  fim: string;
  conteudo: string;
  vizinhos?: 0 | 1;
  chave?: string;
  juntar?: string;
  onde?: string;
  eventos?: readonly EventoPendencia[];
  adiavel?: boolean;
}): TabelaPendencias {
  return {
    tabela: o.tabela,
    motivo: o.tabela,
    eventos: o.eventos ?? TODOS,
    vizinhos: o.vizinhos ?? 0,
    ...(o.adiavel ? { adiavel: true } : {}),
    faixas: (fonte) => `
      SELECT t.tenant_id, t.funcionario_id, (${o.inicio})::date AS inicio, (${o.fim})::date AS fim,
             (${o.chave ?? 't.id'})::text AS chave, (${o.conteudo})::text AS conteudo
        FROM ${fonte} t ${o.juntar ?? ''}
       ${o.onde ? `WHERE ${o.onde}` : ''}`,
  };
}

const ocorrencias = porFuncionario({
  tabela: 'ocorrencias',
  inicio: 't.data_inicio',
  fim: 't.data_final',
  conteudo: `concat_ws('|', t.justificativa_id, t.abrange_faltas, t.abrange_falta_marcacao, t.abrange_atrasos,
                            t.abrange_saida_antecipada, t.abrange_excesso_refeicao)`,
});

const ajustesParciais = porFuncionario({
  tabela: 'ajustes_parciais',
  inicio: 't.dia',
  fim: 't.dia',
  conteudo: `concat_ws('|', t.codigo_evento, t.inicio, t.fim, t.justificativa_id)`,
});

/** Where a justification's type is read: the occurrences and partial adjustments that use it. */
const USAM_TIPO_JUSTIFICATIVA = [ocorrencias, ajustesParciais];

/**
 * The days, inside the window, of the holidays whose reach depends on the
 * employee's cost centre (`'centro_custo'`: a cost-centre list or exception)
 * or on the company's place (`'local'`: state and city holidays).
 */
const diasFeriadosPor = (criterio: 'centro_custo' | 'local') => {
  const depende =
    criterio === 'centro_custo'
      ? `(fe.abrangencia = 4 OR EXISTS (SELECT 1 FROM feriado_centros_custo l
                                        WHERE l.tenant_id = fe.tenant_id AND l.feriado_id = fe.id AND l.excecao))`
      : 'fe.abrangencia IN (2, 3)';
  return `(SELECT DISTINCT d.dia
             FROM feriados fe CROSS JOIN LATERAL jornada_feriado_datas(fe.tenant_id, fe.data, fe.fixo) AS d(dia)
            WHERE fe.tenant_id = t.tenant_id AND ${depende} AND d.dia >= jornada_janela_inicio(t.tenant_id))`;
};

/** A row of a holiday's list (`fonte` t with feriado_id): the holiday's days × the employees `quem` selects (alias f). */
const listaFeriado = (tabela: string, quem: string, onde: string, conteudo = "''"): TabelaPendencias => ({
  tabela,
  motivo: tabela,
  eventos: TODOS,
  vizinhos: 0,
  faixas: (fonte) => `
      SELECT t.tenant_id, f.id AS funcionario_id, d.dia AS inicio, d.dia AS fim,
             concat_ws('|', t.feriado_id, f.id) AS chave, (${conteudo})::text AS conteudo
        FROM ${fonte} t
        JOIN feriados fe ON fe.tenant_id = t.tenant_id AND fe.id = t.feriado_id
       CROSS JOIN LATERAL jornada_feriado_datas(t.tenant_id, fe.data, fe.fixo) AS d(dia)
        JOIN funcionarios f ON f.tenant_id = t.tenant_id AND ${vinculadoEm('d.dia')} AND ${quem}
       WHERE ${onde}`,
});

/**
 * A row of a table without a date that some holidays' reach depends on (a cost
 * centre, a company): the employees `quem` selects (alias f, the row is t),
 * bound on the days of those holidays; `conteudo` is the column whose change
 * matters.
 */
const funcionariosEmDiasDeFeriado = (
  tabela: string,
  quem: string,
  conteudo: string,
  criterio: 'centro_custo' | 'local',
): TabelaPendencias => ({
  tabela,
  motivo: tabela,
  eventos: ['UPDATE'],
  vizinhos: 0,
  faixas: (fonte) => `
      SELECT t.tenant_id, f.id AS funcionario_id, d.dia AS inicio, d.dia AS fim,
             concat_ws('|', t.id, f.id) AS chave, coalesce(${conteudo}::text, '') AS conteudo
        FROM ${fonte} t
        JOIN funcionarios f ON f.tenant_id = t.tenant_id AND ${quem}
       CROSS JOIN LATERAL ${diasFeriadosPor(criterio)} AS d
       WHERE ${vinculadoEm('d.dia')}`,
});

export const TABELAS_PENDENCIAS: readonly TabelaPendencias[] = [
  // A punch of day D may belong to D−1, D or D+1 by the day cut (spec §5.1).
  porFuncionario({
    tabela: 'marcacao_funcionarios',
    inicio: 't.data_hora::date',
    fim: 't.data_hora::date',
    chave: "t.marcacao_id || '|' || t.funcionario_id",
    conteudo: 't.data_hora',
    vizinhos: 1,
    adiavel: true,
  }),
  // Discard and Mover Marcações (±1 day from the day the punch belongs to).
  porFuncionario({
    tabela: 'marcacao_tratamentos',
    juntar: 'JOIN marcacoes m ON m.tenant_id = t.tenant_id AND m.id = t.marcacao_id',
    inicio: 'm.data_hora::date + least(t.mover_dia, 0)',
    fim: 'm.data_hora::date + greatest(t.mover_dia, 0)',
    chave: "t.marcacao_id || '|' || t.funcionario_id",
    conteudo: "concat_ws('|', t.descartada, t.mover_dia)",
    vizinhos: 1,
  }),
  porFuncionario({
    tabela: 'marcacoes_inseridas',
    inicio: 't.data_hora::date',
    fim: 't.data_hora::date',
    conteudo: 't.data_hora',
    vizinhos: 1,
  }),
  porFuncionario({ tabela: 'folgas', inicio: 't.data', fim: 't.data', conteudo: "''" }),
  porFuncionario({ tabela: 'feriado_exclusoes', inicio: 't.data', fim: 't.data', conteudo: "''" }),
  ocorrencias,
  ajustesParciais,
  // Its times replace the day's slots, which moves the cuts on both sides.
  porFuncionario({
    tabela: 'mudancas_horario',
    inicio: 't.dia',
    fim: 't.dia',
    conteudo: "concat_ws('|', t.dia, t.entrada1, t.saida1, t.entrada2, t.saida2, t.entrada3, t.saida3)",
    vizinhos: 1,
  }),
  // The balance carries forward: from the entry's date to the horizon.
  porFuncionario({
    tabela: 'banco_horas_lancamentos',
    inicio: 't.data',
    fim: horizonte('t.data'),
    conteudo: "concat_ws('|', t.minutos, t.negativo)",
  }),
  porFuncionario({ tabela: 'banco_horas_redefinicoes', inicio: 't.mes', fim: horizonte('t.mes'), conteudo: "''" }),
  // Closing a period marks nothing (its days are never recalculated);
  // reopening one, or deleting a closed one, marks its days.
  porFuncionario({
    tabela: 'periodos_funcionario',
    inicio: 't.data_inicio',
    fim: 't.data_final',
    conteudo: "''",
    onde: 't.fechado',
    eventos: ['UPDATE', 'DELETE'],
  }),
  porFuncionario({
    tabela: 'funcionario_afastamentos',
    inicio: 't.data_inicio',
    fim: `coalesce(t.data_final, ${horizonte('t.data_inicio')})`,
    conteudo: 't.motivo_id',
  }),
  // A rotation's day 0 is the entry's start (the anchor): a new start changes every day of it.
  porFuncionario({
    tabela: 'funcionario_escalas',
    inicio: 't.data_inicio',
    fim: `coalesce(t.data_final, ${horizonte('t.data_inicio', 1)})`,
    conteudo: "concat_ws('|', t.escala_id, t.data_inicio)",
    vizinhos: 1,
  }),
  porFuncionario({
    tabela: 'funcionario_cargos',
    inicio: 't.data_inicio',
    fim: `coalesce(t.data_final, ${horizonte('t.data_inicio')})`,
    conteudo: 't.cargo_id',
  }),
  // A version rules from its date to the day before the next version, for
  // every employee whose schedule history holds the schedule on those days.
  {
    tabela: 'escala_versoes',
    motivo: 'escala_versoes',
    eventos: TODOS,
    vizinhos: 1,
    faixas: (fonte) => `
      SELECT t.tenant_id, fe.funcionario_id,
             greatest(t.valida_desde, fe.data_inicio) AS inicio,
             least(coalesce(fe.data_final, ${horizonte('greatest(t.valida_desde, fe.data_inicio)', 1)}),
                   coalesce(prox.valida_desde - 1, ${horizonte('greatest(t.valida_desde, fe.data_inicio)', 1)})) AS fim,
             concat_ws('|', t.id, fe.id) AS chave,
             concat_ws('|', t.valida_desde, md5(t.configuracao::text)) AS conteudo
        FROM ${fonte} t
        LEFT JOIN LATERAL (
          SELECT min(v.valida_desde) AS valida_desde FROM escala_versoes v
           WHERE v.tenant_id = t.tenant_id AND v.escala_id = t.escala_id AND v.valida_desde > t.valida_desde) prox ON true
        JOIN funcionario_escalas fe ON fe.tenant_id = t.tenant_id AND fe.escala_id = t.escala_id
                                   AND (fe.data_final IS NULL OR fe.data_final >= t.valida_desde)
                                   AND (prox.valida_desde IS NULL OR fe.data_inicio < prox.valida_desde)`,
  },
  {
    tabela: 'feriados',
    motivo: 'feriados',
    eventos: TODOS,
    vizinhos: 0,
    antesDeExcluir: true,
    faixas: (fonte) => `
      SELECT t.tenant_id, a.funcionario_id, a.dia AS inicio, a.dia AS fim, t.id::text AS chave,
             concat_ws('|', t.data, t.fixo, t.abrangencia, t.estado_id, t.cidade_id) AS conteudo
        FROM ${fonte} t
       CROSS JOIN LATERAL jornada_feriado_alcance(t.tenant_id, t.id, t.data, t.fixo, t.abrangencia,
                                                  t.estado_id, t.cidade_id) AS a`,
  },
  // A list entry matters as the holiday's scope (abrangência 4 / 5) or as an exception.
  listaFeriado(
    'feriado_cargos',
    `EXISTS (SELECT 1 FROM funcionario_cargos h
              WHERE h.tenant_id = t.tenant_id AND h.funcionario_id = f.id AND h.cargo_id = t.cargo_id
                AND h.data_inicio <= d.dia AND (h.data_final IS NULL OR h.data_final >= d.dia))`,
    '(t.excecao OR fe.abrangencia = 5)',
  ),
  listaFeriado(
    'feriado_centros_custo',
    'f.centro_custo_id IN (SELECT jornada_centro_custo_ramo(t.tenant_id, t.centro_custo_id))',
    '(t.excecao OR fe.abrangencia = 4)',
  ),
  listaFeriado('feriado_funcionarios_excecao', 'f.id = t.funcionario_id', 'true'),
  // A new type changes how every occurrence and adjustment using it counts.
  {
    tabela: 'justificativas',
    motivo: 'justificativas',
    eventos: ['UPDATE'],
    vizinhos: 0,
    faixas: (fonte) =>
      USAM_TIPO_JUSTIFICATIVA.map(
        (u) => `
      SELECT x.tenant_id, x.funcionario_id, x.inicio, x.fim, '${u.tabela}|' || x.chave AS chave, j.tipo::text AS conteudo
        FROM ${fonte} j
       CROSS JOIN LATERAL (${u.faixas(
         `(SELECT * FROM ${u.tabela} u WHERE u.tenant_id = j.tenant_id AND u.justificativa_id = j.id)`,
       )}) x`,
      ).join('\nUNION ALL'),
  },
  // The bond (issue 10): its days; the company (state and city holidays, the
  // zone, the period split) and the cost centre (holidays by cost centre)
  // have no history, so a change reaches every day of the window.
  {
    tabela: 'funcionarios',
    motivo: 'funcionarios',
    eventos: ['UPDATE'],
    vizinhos: 0,
    faixas: (fonte) => `
      SELECT t.tenant_id, t.id AS funcionario_id, t.data_admissao AS inicio,
             coalesce(t.data_demissao, ${horizonte('t.data_admissao')}) AS fim, 'vinculo' AS chave, '' AS conteudo
        FROM ${fonte} t
      UNION ALL
      SELECT t.tenant_id, t.id, greatest(t.data_admissao, jornada_janela_inicio(t.tenant_id)),
             coalesce(t.data_demissao, ${horizonte('t.data_admissao')}), 'cnpj', t.cnpj_id::text
        FROM ${fonte} t
      UNION ALL
      SELECT t.tenant_id, t.id, d.dia, d.dia, 'centro_custo', t.centro_custo_id::text
        FROM ${fonte} t CROSS JOIN LATERAL ${diasFeriadosPor('centro_custo')} AS d
       WHERE d.dia >= t.data_admissao AND (t.data_demissao IS NULL OR d.dia <= t.data_demissao)`,
  },
  // A cost centre moved under another parent: its employees and those below
  // it, on the days of holidays by cost centre.
  funcionariosEmDiasDeFeriado(
    'centros_custo',
    'f.centro_custo_id IN (SELECT jornada_centro_custo_ramo(t.tenant_id, t.id))',
    't.pai_id',
    'centro_custo',
  ),
  // A company moved to another city: its employees, on the days of state and city holidays.
  funcionariosEmDiasDeFeriado('cnpjs', 'f.cnpj_id = t.id', 't.cidade_id', 'local'),
];
