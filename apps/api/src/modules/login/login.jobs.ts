import { defineJob } from '../../shared/job-definition.js';
import {
  ENVIAR_CONVITE_QUEUE,
  ENVIAR_LINK_REDEFINICAO_QUEUE,
  loginService,
  type EmailConviteData,
  type EmailRedefinicaoData,
} from './login.service.js';

/** The reset e-mail, sent by the queue after solicitarRedefinirSenha was answered. */
export const enviarLinkRedefinicaoJob = defineJob<EmailRedefinicaoData>({
  name: ENVIAR_LINK_REDEFINICAO_QUEUE,
  handler: (deps, data) => loginService(deps).enviarLinkRedefinicao(data),
  // One message through SMTP (its own timeouts are seconds).
  options: { expireInSeconds: 300 },
});

/** The new user's invitation, queued by convidarUsuario in the transaction that creates the user (decision 0021). */
export const enviarConviteJob = defineJob<EmailConviteData>({
  name: ENVIAR_CONVITE_QUEUE,
  handler: (deps, data) => loginService(deps).enviarConvite(data),
  options: { expireInSeconds: 300 },
});

/** The login's mails, sent by the queue after the request was answered (issue 7 §6, issue 11 §3). */
export const LOGIN_JOBS = [enviarLinkRedefinicaoJob, enviarConviteJob];
