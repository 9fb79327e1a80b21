import { sql } from 'drizzle-orm';
import type { ConfiguracaoEscala } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import type { BankFields, MonthSummary } from '@jornada/engine';

/**
 * What the espelho de ponto reads (issue 23 §5), for a batch of employees and
 * one closing period at a time: each read is one statement for the whole
 * batch, never one per employee or per day.
 */

/** The worker and the employer of the espelho: the company, cost centre and position of the period's last day. */
export interface TrabalhadorRow {
  id: number;
  nome: string;
  cpf: string;
  cracha: string;
  admissao: string;
  cargo: string | null;
  centroCusto: string | null;
  razaoSocial: string;
  documento: string;
  tipoDocumento: string;
}

/** A stored day as the espelho shows it. */
export interface DiaEspelhoRow {
  funcionarioId: number;
  dia: string;
  tipoDia: string;
  afastado: boolean;
  normal: number;
  noturno: number;
  extras: number;
  faltantes: number;
  escalaId: number | null;
  batidas: number[] | null;
  eventos: string[] | null;
  flags: string[] | null;
}

export interface OcorrenciaEspelhoRow {
  funcionarioId: number;
  dataInicio: string;
  dataFinal: string;
  justificativa: string;
}

/** A punch of the employee, 'YYYY-MM-DD HH:MM' on the company's wall clock. */
export interface MarcacaoEspelhoRow {
  funcionarioId: number;
  dataHora: string;
  /** An original punch discarded in the treatment (kept, struck through). */
  descartada: boolean;
  /** Mover Marcações: the day it was moved to (−1, 0, +1). */
  moverDia: number;
  inserida: boolean;
}

/** What `calculo_resumos.resumo` keeps that the espelho shows (modules/calculo/linhas-lote.ts writes it). */
export interface ResumoEspelho {
  summary: MonthSummary;
  bank: BankFields | null;
  totaisBancoHoras: { descricao: string; valor: number }[] | null;
}

export interface EscalaEspelhoRow {
  id: number;
  descricao: string;
  configuracao: ConfiguracaoEscala;
}

const lista = (ids: readonly number[]) => `{${ids.map(Number).join(',')}}`;

export const espelhoPontoRepository = {
  trabalhadores(tx: Tx, tenantId: number, ids: readonly number[], de: string, ate: string) {
    return queryRows<TrabalhadorRow>(
      tx,
      sql`SELECT f.id, f.nome, f.cpf, f.cracha, f.data_admissao::text AS admissao, cg.nome AS cargo,
                 cc.nome AS "centroCusto", c.razao_social AS "razaoSocial", c.numero AS documento,
                 c.tipo_numero_documento AS "tipoDocumento"
            FROM funcionarios f
            LEFT JOIN LATERAL (
                 SELECT d.cnpj_id, d.centro_custo_id, d.cargo_id FROM calculo_dias d
                  WHERE d.tenant_id = f.tenant_id AND d.funcionario_id = f.id
                    AND d.dia BETWEEN ${de}::date AND ${ate}::date
                  ORDER BY d.dia DESC LIMIT 1) u ON true
            JOIN cnpjs c ON c.tenant_id = f.tenant_id AND c.id = COALESCE(u.cnpj_id, f.cnpj_id)
            LEFT JOIN centros_custo cc ON cc.tenant_id = f.tenant_id
                 AND cc.id = COALESCE(u.centro_custo_id, f.centro_custo_id)
            LEFT JOIN cargos cg ON cg.tenant_id = f.tenant_id AND cg.id = u.cargo_id
           WHERE f.tenant_id = ${tenantId} AND f.id = ANY(${lista(ids)}::int[])`,
    );
  },

  dias(tx: Tx, tenantId: number, ids: readonly number[], de: string, ate: string) {
    return queryRows<DiaEspelhoRow>(
      tx,
      sql`SELECT d.funcionario_id AS "funcionarioId", d.dia::text AS dia, d.tipo_dia AS "tipoDia", d.afastado,
                 d.normal, d.noturno_reduzido AS noturno, d.horas_extras AS extras, d.horas_faltantes AS faltantes,
                 d.escala_id AS "escalaId", d.resultado -> 'effectivePunches' AS batidas,
                 d.resultado -> 'descricaoEventos' AS eventos, d.resultado -> 'flags' AS flags
            FROM calculo_dias d
           WHERE d.tenant_id = ${tenantId} AND d.funcionario_id = ANY(${lista(ids)}::int[])
             AND d.dia BETWEEN ${de}::date AND ${ate}::date
           ORDER BY d.funcionario_id, d.dia`,
    );
  },

  ocorrencias(tx: Tx, tenantId: number, ids: readonly number[], de: string, ate: string) {
    return queryRows<OcorrenciaEspelhoRow>(
      tx,
      sql`SELECT o.funcionario_id AS "funcionarioId", o.data_inicio::text AS "dataInicio",
                 o.data_final::text AS "dataFinal", j.descricao AS justificativa
            FROM ocorrencias o JOIN justificativas j ON j.tenant_id = o.tenant_id AND j.id = o.justificativa_id
           WHERE o.tenant_id = ${tenantId} AND o.funcionario_id = ANY(${lista(ids)}::int[])
             AND o.data_inicio <= ${ate}::date AND o.data_final >= ${de}::date
           ORDER BY o.data_inicio, o.id`,
    );
  },

  /**
   * The original punches (with their treatment) and the inserted ones of the
   * period, a day wider on each side: a night shift's punches and a moved
   * punch may belong to a day of the period though dated outside it.
   */
  marcacoes(tx: Tx, tenantId: number, ids: readonly number[], de: string, ate: string) {
    return queryRows<MarcacaoEspelhoRow>(
      tx,
      sql`SELECT mf.funcionario_id AS "funcionarioId", to_char(mf.data_hora, 'YYYY-MM-DD HH24:MI') AS "dataHora",
                 COALESCE(t.descartada, false) AS descartada, COALESCE(t.mover_dia, 0)::int AS "moverDia",
                 false AS inserida
            FROM marcacao_funcionarios mf
            LEFT JOIN marcacao_tratamentos t ON t.tenant_id = mf.tenant_id AND t.marcacao_id = mf.marcacao_id
                                            AND t.funcionario_id = mf.funcionario_id
           WHERE mf.tenant_id = ${tenantId} AND mf.funcionario_id = ANY(${lista(ids)}::int[])
             AND mf.data_hora >= ${de}::date - 1 AND mf.data_hora < ${ate}::date + 2
          UNION ALL
          SELECT mi.funcionario_id, to_char(mi.data_hora, 'YYYY-MM-DD HH24:MI'), false, 0, true
            FROM marcacoes_inseridas mi
           WHERE mi.tenant_id = ${tenantId} AND mi.funcionario_id = ANY(${lista(ids)}::int[])
             AND mi.data_hora >= ${de}::date - 1 AND mi.data_hora < ${ate}::date + 2`,
    );
  },

  resumos(tx: Tx, tenantId: number, ids: readonly number[], periodoInicio: string) {
    return queryRows<{ funcionarioId: number; resumo: ResumoEspelho }>(
      tx,
      sql`SELECT funcionario_id AS "funcionarioId", resumo FROM calculo_resumos
           WHERE tenant_id = ${tenantId} AND funcionario_id = ANY(${lista(ids)}::int[])
             AND periodo_inicio = ${periodoInicio}::date`,
    );
  },

  /** Each schedule with its version in force on `dia` (the period's end). */
  escalas(tx: Tx, tenantId: number, ids: readonly number[], dia: string) {
    return queryRows<EscalaEspelhoRow>(
      tx,
      sql`SELECT e.id, e.descricao, v.configuracao
            FROM escalas e
            JOIN LATERAL (SELECT configuracao FROM escala_versoes v
                           WHERE v.tenant_id = e.tenant_id AND v.escala_id = e.id AND v.valida_desde <= ${dia}::date
                           ORDER BY v.valida_desde DESC LIMIT 1) v ON true
           WHERE e.tenant_id = ${tenantId} AND e.id = ANY(${lista(ids)}::int[])`,
    );
  },
};
