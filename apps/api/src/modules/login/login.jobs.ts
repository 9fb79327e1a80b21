import { defineJob } from '../../shared/job-definition.js';
import {
  JOB_EMAIL_CONVITE,
  JOB_EMAIL_REDEFINICAO_SENHA,
  loginService,
  type EmailConviteData,
  type EmailRedefinicaoData,
} from './login.service.js';

/** The login's mails, sent by the queue after the request was answered (issue 7 §6, issue 11 §3). */
export const LOGIN_JOBS = [
  defineJob<EmailRedefinicaoData>({
    name: JOB_EMAIL_REDEFINICAO_SENHA,
    handler: (deps, data) => loginService(deps).mailResetLink(data),
    // One message through SMTP (its own timeouts are seconds).
    options: { expireInSeconds: 300 },
  }),
  defineJob<EmailConviteData>({
    name: JOB_EMAIL_CONVITE,
    handler: (deps, data) => loginService(deps).mailInvitation(data),
    options: { expireInSeconds: 300 },
  }),
];
