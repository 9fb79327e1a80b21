import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { LogOperacao, UsuarioLog } from '@jornada/contracts';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { logOperacoes, usuarios } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';

export interface LogSearch {
  tenantId: number;
  /** The reader's companies and cost centres: entries about others are not theirs (decision 0065). */
  scope: UserScope;
  /** Calendar days of the company (yyyy-mm-dd), both inclusive. */
  from: string;
  to: string;
  zone: string;
  login: string | undefined;
  acao: string | undefined;
  /** At most this many rows come back (the caller asks one more to know the cap was passed). */
  limit: number;
}

/** Midnight that starts a calendar day in the zone, as an instant (DST-safe: PostgreSQL's zone rules). */
const startOfDay = (day: string, zone: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${zone}::text)`;
const startOfNextDay = (day: string, zone: string) => sql`(((${day}::date) + 1)::timestamp AT TIME ZONE ${zone}::text)`;

export const logOperacoesRepository = {
  fusoHorarioEmpresa,

  /**
   * Newest first. The (tenant_id, data) index serves the range and the order,
   * so the cost follows the rows answered, not the size of the log. The
   * scope is a filter on those rows: a user limited to a small part of the
   * tenant reads past the entries of the rest (decision 0065).
   */
  async search(tx: Tx, q: LogSearch): Promise<LogOperacao[]> {
    return tx
      .select({
        id: logOperacoes.id,
        data: sql<string>`to_char(${logOperacoes.data} AT TIME ZONE ${q.zone}::text, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        loginUsuario: logOperacoes.loginUsuario,
        nomeUsuario: logOperacoes.nomeUsuario,
        acao: logOperacoes.acao,
        descricao: logOperacoes.descricao,
      })
      .from(logOperacoes)
      .where(
        and(
          eq(logOperacoes.tenantId, q.tenantId),
          gte(logOperacoes.data, startOfDay(q.from, q.zone)),
          lt(logOperacoes.data, startOfNextDay(q.to, q.zone)),
          q.login === undefined ? undefined : eq(logOperacoes.loginUsuario, q.login),
          q.acao === undefined ? undefined : eq(logOperacoes.acao, q.acao),
          scopeSql.alvo(q.scope, q.tenantId, logOperacoes.cnpjId, logOperacoes.centroCustoId),
        ),
      )
      .orderBy(desc(logOperacoes.data), desc(logOperacoes.id))
      .limit(q.limit);
  },

  /** Every user of the tenant, active or not: their entries stay in the log. */
  async users(tx: Tx, tenantId: number): Promise<UsuarioLog[]> {
    return tx
      .select({ id: usuarios.id, nomeLogin: usuarios.nomeLogin, nome: usuarios.nome })
      .from(usuarios)
      .where(eq(usuarios.tenantId, tenantId))
      .orderBy(asc(usuarios.nome), asc(usuarios.id));
  },
};
