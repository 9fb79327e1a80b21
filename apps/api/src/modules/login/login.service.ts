import type { Deps } from '../../deps.js';
import { withContext } from '../../shared/use-cases.js';
import { alterarSenha } from './alterar-senha.service.js';
import { autUsuario } from './aut-usuario.service.js';
import { convidarUsuario, enviarConvite } from './convite-usuario.service.js';
import { loginContexto } from './login-contexto.service.js';
import { enviarLinkRedefinicao, redefinirSenha, solicitarRedefinirSenha } from './redefinir-senha.service.js';
import { sair, validarToken } from './sessao.service.js';

export { LOGIN_WINDOW_MS, MAX_FAILURES_PER_PAIR, MAX_FAILURES_PER_ADDRESS } from './login-throttle.service.js';
export { ROTATION_GRACE_MS } from './sessao.service.js';
export type { ClientInfo } from './login-contexto.service.js';
export { ENVIAR_LINK_REDEFINICAO_QUEUE, type EmailRedefinicaoData } from './redefinir-senha.service.js';
export { ENVIAR_CONVITE_QUEUE, type EmailConviteData } from './convite-usuario.service.js';

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
    /** What the queue's jobs run (login.jobs.ts). */
    enviarLinkRedefinicao,
    enviarConvite,
    alterarSenha,
    redefinirSenha,
  });
}
