import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';

/** An original punch of one of the employees, with its source and whether it is discarded. */
export interface OriginalDoPeriodoRow {
  f: number;
  id: number;
  dataHora: string;
  fonte: string;
  descartado: boolean;
}

/** The SQL of the duplicate-punch analysis (decision 0076). */
export const pontoDuplicadoRepository = {
  /** The employees' original punches dated in [de, ate] (company clock), in time order. */
  originaisDoPeriodo(tx: Tx, tenantId: number, ids: readonly number[], de: string, ate: string) {
    return queryRows<OriginalDoPeriodoRow>(
      tx,
      sql`SELECT mf.funcionario_id AS f, mf.marcacao_id::int AS id,
                 to_char(mf.data_hora, 'YYYY-MM-DD HH24:MI') AS "dataHora", mf.origem AS fonte,
                 COALESCE(t.descartada, false) AS descartado
            FROM marcacao_funcionarios mf
            LEFT JOIN marcacao_tratamentos t ON t.tenant_id = mf.tenant_id AND t.marcacao_id = mf.marcacao_id
                                            AND t.funcionario_id = mf.funcionario_id
           WHERE mf.tenant_id = ${tenantId} AND mf.funcionario_id = ANY(${`{${ids.join(',')}}`}::int[])
             AND mf.data_hora >= ${de}::date AND mf.data_hora < ${ate}::date + 1
           ORDER BY mf.funcionario_id, mf.data_hora, mf.marcacao_id`,
    );
  },

  /** The tenant's first type-5 justification (Desconsiderar marcação) by description, if any. */
  async justificativaDescartar(tx: Tx, tenantId: number): Promise<number | null> {
    const [j] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM justificativas WHERE tenant_id = ${tenantId} AND tipo = 5 ORDER BY descricao, id LIMIT 1`,
    );
    return j?.id ?? null;
  },

  /** Which of the employees have the period starting at `inicio` closed. */
  async fechados(tx: Tx, tenantId: number, ids: readonly number[], inicio: string): Promise<Set<number>> {
    const rows = await queryRows<{ f: number }>(
      tx,
      sql`SELECT funcionario_id AS f FROM periodos_funcionario
           WHERE tenant_id = ${tenantId} AND funcionario_id = ANY(${`{${ids.join(',')}}`}::int[])
             AND data_inicio = ${inicio}::date AND fechado`,
    );
    return new Set(rows.map((r) => r.f));
  },
};
