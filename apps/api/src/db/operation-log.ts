import type { Tx } from './tenant-tx.js';
import { logOperacoes } from './schema/index.js';
import type { AuthContext } from '../shared/auth-context.js';

/** The operation kinds of the Logs de Operações filter (seed 000 §2.6). */
export type Acao = 'Cadastrar' | 'Editar' | 'Excluir' | 'Relatório';

/**
 * Written inside the use case's own transaction: the log entry exists if and
 * only if the change does.
 */
export async function logOperation(tx: Tx, auth: AuthContext, acao: Acao, descricao: string, at: Date): Promise<void> {
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
  });
}
