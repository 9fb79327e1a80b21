import type { controlePontoApi } from '@jornada/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import type { Autor } from './controle-ponto.repository.js';

type EventoAjuste = controlePontoApi.EventoAjuste;

/** A partial adjustment of the day, its instants as 'YYYY-MM-DD HH:MM' on the company's clock. */
export interface AjusteRow {
  id: number;
  dia: string;
  codigoEvento: EventoAjuste;
  inicio: string;
  fim: string;
  justificativaId: number;
  justificativa: string;
}

/** The stored day's debit minutes still unjustified, by event (spec §14: after tolerance and justifications). */
export type MinutosPorEvento = Record<EventoAjuste, number>;

/** The SQL of Ajuste parcial (seed 002 §3 "Partial adjustment"; table `ajustes_parciais`). */
export const ajusteParcialRepository = {
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
    a: { dia: string; codigoEvento: EventoAjuste; inicio: string; fim: string; justificativaId: number },
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
};
