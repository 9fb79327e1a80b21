import type { controlePontoApi } from '@jornada/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import type { Autor } from './controle-ponto.repository.js';

type EventoDebito = controlePontoApi.EventoDebito;

/** A partial adjustment of the day, its instants as 'YYYY-MM-DD HH:MM' on the company's clock. */
export interface AjusteRow {
  id: number;
  dia: string;
  codigoEvento: EventoDebito;
  inicio: string;
  fim: string;
  justificativaId: number;
  justificativa: string;
}

/** The stored day's debit minutes still unjustified, by event (spec §14: after tolerance and justifications). */
export type MinutosPorEvento = Record<EventoDebito, number>;

/** The SQL of Ajuste parcial and Justificar (seed 002 §3 "Partial adjustment", "Events for justification"): the day's events, its adjustments (`ajustes_parciais`) and occurrences (`ocorrencias`). */
export const eventosDiaRepository = {
  async minutosDoDia(tx: Tx, tenantId: number, funcionarioId: number, dia: string): Promise<MinutosPorEvento> {
    const [d] = await queryRows<MinutosPorEvento>(
      tx,
      sql`SELECT falta, falta_marcacao AS fm, atraso, saida_antecipada AS saida, excesso_intervalo AS excesso
            FROM calculo_dias
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND dia = ${dia}::date`,
    );
    return d ?? { falta: 0, fm: 0, atraso: 0, saida: 0, excesso: 0 };
  },

  ajustesDoDia(tx: Tx, tenantId: number, funcionarioId: number, dia: string) {
    return queryRows<AjusteRow>(
      tx,
      sql`SELECT a.id::int AS id, a.dia::text AS dia, a.codigo_evento AS "codigoEvento",
                 to_char(a.inicio, 'YYYY-MM-DD HH24:MI') AS inicio, to_char(a.fim, 'YYYY-MM-DD HH24:MI') AS fim,
                 a.justificativa_id AS "justificativaId", j.descricao AS justificativa
            FROM ajustes_parciais a JOIN justificativas j ON j.id = a.justificativa_id
           WHERE a.tenant_id = ${tenantId} AND a.funcionario_id = ${funcionarioId} AND a.dia = ${dia}::date
           ORDER BY a.inicio, a.id`,
    );
  },

  /** The tenant's justifications an adjustment may take, with their type. */
  justificativas(tx: Tx, tenantId: number, tipos: readonly number[]) {
    return queryRows<{ id: number; descricao: string; tipo: number }>(
      tx,
      sql`SELECT id, descricao, tipo FROM justificativas
           WHERE tenant_id = ${tenantId} AND tipo = ANY(${`{${tipos.join(',')}}`}::int[])
           ORDER BY descricao, id`,
    );
  },

  async incluir(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    a: { dia: string; codigoEvento: EventoDebito; inicio: string; fim: string; justificativaId: number },
    autor: Autor,
  ): Promise<void> {
    await tx.execute(
      sql`INSERT INTO ajustes_parciais (tenant_id, funcionario_id, dia, codigo_evento, inicio, fim, justificativa_id,
                                        usuario_id, usuario_nome)
          VALUES (${tenantId}, ${funcionarioId}, ${a.dia}::date, ${a.codigoEvento}, ${a.inicio}::timestamp,
                  ${a.fim}::timestamp, ${a.justificativaId}, ${autor.usuarioId}, ${autor.usuarioNome})`,
    );
  },

  /** Changes the interval and justification of one of the day's adjustments; answers whether it was there. */
  async alterar(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    a: { id: number; dia: string; inicio: string; fim: string; justificativaId: number },
    autor: Autor,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE ajustes_parciais
             SET inicio = ${a.inicio}::timestamp, fim = ${a.fim}::timestamp, justificativa_id = ${a.justificativaId},
                 usuario_id = ${autor.usuarioId}, usuario_nome = ${autor.usuarioNome}, criado_em = now()
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND id = ${a.id} AND dia = ${a.dia}::date
          RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },

  async excluir(tx: Tx, tenantId: number, funcionarioId: number, dia: string, id: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM ajustes_parciais
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId} AND id = ${id} AND dia = ${dia}::date
          RETURNING id::int AS id`,
    );
    return rows.length > 0;
  },

  /** The occurrences that cover the day, with the events they cover (spec §14.1), oldest first. */
  ocorrenciasDoDia(tx: Tx, tenantId: number, funcionarioId: number, dia: string) {
    return queryRows<OcorrenciaDiaRow>(
      tx,
      sql`SELECT o.id::int AS id, o.justificativa_id AS "justificativaId", j.descricao AS justificativa, o.observacao,
                 o.usuario_nome AS usuario, o.abrange_faltas AS falta, o.abrange_falta_marcacao AS fm,
                 o.abrange_atrasos AS atraso, o.abrange_saida_antecipada AS saida,
                 o.abrange_excesso_refeicao AS excesso
            FROM ocorrencias o JOIN justificativas j ON j.id = o.justificativa_id
           WHERE o.tenant_id = ${tenantId} AND o.funcionario_id = ${funcionarioId}
             AND o.data_inicio <= ${dia}::date AND o.data_final >= ${dia}::date
           ORDER BY o.id`,
    );
  },

  /** Justificar: an occurrence of the one day covering the one event. */
  async justificarEvento(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
    e: { dia: string; codigo: EventoDebito; justificativaId: number; observacao: string | null },
    autor: Autor,
  ): Promise<void> {
    await tx.execute(
      sql`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id, abrange_faltas,
                                   abrange_falta_marcacao, abrange_atrasos, abrange_saida_antecipada,
                                   abrange_excesso_refeicao, observacao, usuario_id, usuario_nome)
          VALUES (${tenantId}, ${funcionarioId}, ${e.dia}::date, ${e.dia}::date, ${e.justificativaId},
                  ${e.codigo === 'falta'}, ${e.codigo === 'fm'}, ${e.codigo === 'atraso'}, ${e.codigo === 'saida'},
                  ${e.codigo === 'excesso'}, ${e.observacao}, ${autor.usuarioId}, ${autor.usuarioNome})`,
    );
  },
};

/** An occurrence that covers a day, with one flag per event (the engine's DebitCategory names). */
export type OcorrenciaDiaRow = {
  id: number;
  justificativaId: number;
  justificativa: string;
  observacao: string | null;
  usuario: string;
} & Record<EventoDebito, boolean>;
