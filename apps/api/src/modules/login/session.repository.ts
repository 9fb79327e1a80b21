import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tokenHash } from '../../shared/secrets.js';

/**
 * One query per request: the live session, its user and the profile's codes.
 * Runs on the system path (no tenant is known yet); everything after it runs
 * inside withTenant. A suspended tenant or an inactive user has no session.
 */
export async function findLiveSession(db: Db, token: string, now: Date): Promise<AuthContext | undefined> {
  const rows = await queryRows<{
    sessao_id: number;
    tenant_id: number;
    usuario_id: number;
    nome: string;
    email: string;
    nome_login: string;
    codigos: number[] | null;
  }>(
    db,
    sql`
    SELECT s.id AS sessao_id, s.tenant_id, u.id AS usuario_id, u.nome, u.email, u.nome_login,
           (SELECT array_agg(pp.codigo) FROM perfil_permissoes pp
             WHERE pp.tenant_id = u.tenant_id AND pp.perfil_id = u.perfil_id) AS codigos
      FROM sessoes s
      JOIN usuarios u ON u.id = s.usuario_id AND u.tenant_id = s.tenant_id
      JOIN tenants t ON t.id = s.tenant_id
     WHERE s.token_hash = ${tokenHash(token)}
       AND s.revogada_em IS NULL
       AND s.expira_em > ${now.toISOString()}
       AND u.ativo AND t.ativo`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const permissoes = new Set<number>((row.codigos ?? []).map(Number));
  permissoes.add(0);
  return {
    sessionId: Number(row.sessao_id),
    tenantId: Number(row.tenant_id),
    userId: Number(row.usuario_id),
    nome: row.nome,
    email: row.email,
    nomeLogin: row.nome_login,
    permissoes,
  };
}
