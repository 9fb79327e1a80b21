import { MSG, isStrongPassword } from '@jornada/contracts';
import { logOperation } from '../../db/operation-log.js';
import { withSystem } from '../../db/tenant-tx.js';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { hashPassword } from '../../shared/secrets.js';
import type { LoginContexto } from './login-contexto.service.js';

/**
 * Meus Dados › Senha: the new password, in one transaction with the end of
 * every other session of the user (whoever knew the old password is out;
 * the caller's own session stays) and of any reset or invitation link
 * still open. The rule is checked here too, whatever the client did.
 */
export async function alterarSenha(ctx: LoginContexto, auth: AuthContext, senha: string, repetirSenha: string) {
  const { repo, db, clock } = ctx;
  if (!isStrongPassword(senha)) throw badRequest(MSG.senhaFraca);
  if (senha !== repetirSenha) throw badRequest(MSG.naoSaoIguais);
  const senhaHash = await hashPassword(senha);
  await withSystem(db, async (tx) => {
    const now = clock.now();
    await repo.setPassword(tx, auth.userId, senhaHash);
    await repo.revokeOtherSessions(tx, auth.userId, auth.sessionId, now);
    await repo.consumeOpenLinks(tx, auth.userId, now);
    await logOperation(tx, auth, 'Editar', `Usuário ${auth.nomeLogin} alterou a própria senha`, now);
  });
  return { mensagem: MSG.senhaAlterada };
}
