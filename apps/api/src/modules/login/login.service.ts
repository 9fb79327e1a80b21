import type { Deps } from '../../deps.js';
import { withContext } from '../../shared/use-cases.js';
import { alterarSenha } from './alterar-senha.service.js';
import { autUsuario } from './aut-usuario.service.js';
import { convidarUsuario, sendInvitation, type EmailConviteData } from './convite-usuario.service.js';
import { loginContexto, type LoginContexto } from './login-contexto.service.js';
import {
  redefinirSenha,
  sendResetLink,
  solicitarRedefinirSenha,
  type EmailRedefinicaoData,
} from './redefinir-senha.service.js';
import { sair, validarToken } from './sessao.service.js';

export { LOGIN_WINDOW_MS, MAX_FAILURES_PER_PAIR, MAX_FAILURES_PER_ADDRESS } from './login-throttle.service.js';
export { ROTATION_GRACE_MS } from './sessao.service.js';
export type { ClientInfo } from './login-contexto.service.js';
export { JOB_EMAIL_REDEFINICAO_SENHA, type EmailRedefinicaoData } from './redefinir-senha.service.js';
export { JOB_EMAIL_CONVITE, type EmailConviteData } from './convite-usuario.service.js';

/**
 * Login, sessions and passwords (seed 000 §2.1, §3, §4), one file a use case
 * (decision 0068); what they share is in login-contexto.service.ts. This is
 * the service object the routes, the jobs and Usuários/Clientes use.
 */
export function loginService(deps: Deps) {
  return withContext(loginContexto(deps), {
    autUsuario,
    validarToken,
    sair,
    solicitarRedefinirSenha,
    convidarUsuario,
    /** The reset e-mail's job (login.jobs.ts). */
    mailResetLink: (ctx: LoginContexto, data: EmailRedefinicaoData) => sendResetLink(ctx, data.email),
    /** The invitation's job (login.jobs.ts). */
    mailInvitation: (ctx: LoginContexto, data: EmailConviteData) => sendInvitation(ctx, data.usuarioId, data.invitedBy),
    alterarSenha,
    redefinirSenha,
  });
}
