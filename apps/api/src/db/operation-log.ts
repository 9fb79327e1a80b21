import type { Tx } from './tenant-tx.js';
import { logOperacoes } from './schema/index.js';
import type { AuthContext } from '../shared/auth-context.js';

/** The operation kinds of the Logs de Operações filter (seed 000 §2.6). */
export type Acao = 'Cadastrar' | 'Editar' | 'Excluir' | 'Relatório';

/**
 * What an entry is about, for who may read it (decision 0065): an employee →
 * its company and cost centre; a cost centre → its company and itself; a
 * company, an AFD file, a company's export or import → the company alone.
 * Absent: tenant-wide (positions, schedules, holidays, users, profiles…),
 * read only by users who see every company of the tenant.
 */
export interface AlvoLog {
  cnpjId: number;
  centroCustoId?: number | null | undefined;
}

/**
 * The one company (and cost centre) of several rows, or none (tenant-wide)
 * when they span companies: an entry about employees of two companies is
 * not one's to read.
 */
export function alvoComum(rows: readonly { cnpjId: number; centroCustoId: number | null }[]): AlvoLog | undefined {
  const [first] = rows;
  if (!first || rows.some((r) => r.cnpjId !== first.cnpjId)) return undefined;
  const umCentro = rows.every((r) => r.centroCustoId === first.centroCustoId);
  return { cnpjId: first.cnpjId, centroCustoId: umCentro ? first.centroCustoId : null };
}

/**
 * Written inside the use case's own transaction: the log entry exists if and
 * only if the change does.
 */
export async function logOperation(
  tx: Tx,
  auth: AuthContext,
  acao: Acao,
  descricao: string,
  at: Date,
  alvo?: AlvoLog,
): Promise<void> {
  await tx.insert(logOperacoes).values({
    tenantId: auth.tenantId,
    // A support session's user (or the provider acting in a customer) belongs to the provider, not to
    // this tenant: its login says who it was.
    usuarioId: auth.suporte || auth.provedorNoCliente ? null : auth.userId,
    data: at,
    loginUsuario: auth.nomeLogin.slice(0, 254),
    nomeUsuario: auth.nome,
    acao,
    descricao,
    cnpjId: alvo?.cnpjId ?? null,
    centroCustoId: alvo?.centroCustoId ?? null,
  });
}
