import { sql, type SQL } from 'drizzle-orm';
import { SUPER_ADMIN_CODE } from '@jornada/contracts';
import { queryRowsNamed, type Db } from '../../db/client.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tokenHash } from '../../shared/secrets.js';

/**
 * What makes a session row usable, for `sessoes s`, its user `u` (of tenant
 * `ut`) and the session's tenant `t`: user and both tenants active, and
 * - a customer session: the user belongs to the session's tenant;
 * - a support session (decision 0016): the user is provider staff still
 *   holding 99999, and the session's Autorização de Suporte still exists, in
 *   that tenant, not closed and not past its last day on the company's
 *   calendar. Deleting, closing or outliving it ends the session at once.
 */
export function sessionBindingHolds(now: Date): SQL {
  return sql`(u.ativo AND t.ativo AND ut.ativo AND (
    (s.autorizacao_suporte_id IS NULL AND u.tenant_id = s.tenant_id)
    OR (s.autorizacao_suporte_id IS NOT NULL AND ut.provedor
        AND EXISTS (SELECT 1 FROM perfil_permissoes pp
                     WHERE pp.tenant_id = u.tenant_id AND pp.perfil_id = u.perfil_id
                       AND pp.codigo = ${SUPER_ADMIN_CODE})
        AND EXISTS (SELECT 1 FROM autorizacoes_suporte a JOIN empresas e ON e.tenant_id = a.tenant_id
                     WHERE a.id = s.autorizacao_suporte_id AND a.tenant_id = s.tenant_id AND NOT a.fechado
                       AND a.data_final >= to_char(${now.toISOString()}::timestamptz AT TIME ZONE e.fuso_horario,
                                                   'YYYY-MM-DD')))
  ))`;
}

/** The joins sessionBindingHolds reads. */
export const SESSION_JOINS = sql`
  JOIN usuarios u ON u.id = s.usuario_id
  JOIN tenants ut ON ut.id = u.tenant_id
  JOIN tenants t ON t.id = s.tenant_id`;

/**
 * One query per request: the live session, its user and the codes it acts
 * with. Runs on the system path (no tenant is known yet); everything after it
 * runs inside withTenant. A suspended tenant or an inactive user has no
 * session. A customer session has its profile's codes — 99999 only when the
 * user is the provider's (decision 0015); a support session has the codes of
 * the tenant's protected Administrador profile, never 99999.
 */
export async function findLiveSession(db: Db, token: string, now: Date): Promise<AuthContext | undefined> {
  const rows = await queryRowsNamed<{
    sessao_id: number;
    tenant_id: number;
    usuario_id: number;
    nome: string;
    email: string;
    nome_login: string;
    autorizacao_suporte_id: number | null;
    provedor: boolean;
    codigos: number[] | null;
  }>(
    db,
    'sessao_viva',
    sql`
    SELECT s.id AS sessao_id, s.tenant_id, u.id AS usuario_id, u.nome, u.email, u.nome_login,
           s.autorizacao_suporte_id, ut.provedor,
           CASE WHEN s.autorizacao_suporte_id IS NULL THEN
             (SELECT array_agg(pp.codigo) FROM perfil_permissoes pp
               WHERE pp.tenant_id = u.tenant_id AND pp.perfil_id = u.perfil_id)
           ELSE
             (SELECT array_agg(pp.codigo) FROM perfil_permissoes pp
                JOIN perfis p ON p.id = pp.perfil_id AND p.tenant_id = pp.tenant_id
               WHERE pp.tenant_id = s.tenant_id AND p.protegido)
           END AS codigos
      FROM sessoes s ${SESSION_JOINS}
     WHERE s.token_hash = ${tokenHash(token)}
       AND s.revogada_em IS NULL
       AND s.expira_em > ${now.toISOString()}
       AND ${sessionBindingHolds(now)}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const support = row.autorizacao_suporte_id !== null;
  const permissoes = new Set<number>((row.codigos ?? []).map(Number));
  if (support || !row.provedor) permissoes.delete(SUPER_ADMIN_CODE);
  permissoes.add(0);
  return {
    sessionId: Number(row.sessao_id),
    tenantId: Number(row.tenant_id),
    userId: Number(row.usuario_id),
    nome: row.nome,
    email: row.email,
    nomeLogin: support ? `suporte:${row.email}` : row.nome_login,
    permissoes,
    suporte: support ? { autorizacaoId: Number(row.autorizacao_suporte_id) } : undefined,
  };
}
