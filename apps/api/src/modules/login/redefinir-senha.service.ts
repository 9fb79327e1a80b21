import { MSG, isStrongPassword } from '@jornada/contracts';
import { withSystem } from '../../db/tenant-tx.js';
import { badRequest } from '../../shared/app-error.js';
import { hashPassword, tokenHash } from '../../shared/secrets.js';
import { escapeHtml, enviarLinkSenha, type LoginContexto } from './login-contexto.service.js';

/** The reset e-mail's queue (its handler: login.jobs.ts). */
export const ENVIAR_LINK_REDEFINICAO_QUEUE = 'email-redefinicao-senha';
export interface EmailRedefinicaoData {
  email: string;
}

/**
 * Always the same answer, at once, whether or not the e-mail exists: the
 * lookup and the mail happen after the answer, so neither the text nor
 * the timing tells which e-mails have accounts.
 */
export async function solicitarRedefinirSenha(ctx: LoginContexto, body: { email: string }) {
  const { throttle, deps } = ctx;
  // The same job whether or not the e-mail has an account: the lookup
  // happens in the job, so the answer's work and timing are the same.
  if (await throttle.allowResetRequest(body.email)) {
    await deps.jobs.send(ENVIAR_LINK_REDEFINICAO_QUEUE, { email: body.email } satisfies EmailRedefinicaoData);
  }
  return { mensagem: MSG.redefinicaoSolicitada };
}

/** The reset e-mail, built and sent after the request was answered (login.jobs.ts enviarLinkRedefinicaoJob). */
export async function enviarLinkRedefinicao(ctx: LoginContexto, { email }: EmailRedefinicaoData): Promise<void> {
  const { repo, config } = ctx;
  const user = await repo.findUserForLogin(email);
  if (!user || !user.ativo || !user.tenantAtivo) return;
  const minutes = config.resetLinkTtlMinutes;
  await enviarLinkSenha(ctx, user, minutes * 60_000, (link, nome) => ({
    subject: 'Jornada — redefinição de senha',
    text:
      `Olá, ${nome}.\n\nRecebemos um pedido para redefinir a sua senha no Jornada.\n` +
      `Para criar uma nova senha, abra o link abaixo (válido por ${minutes} minutos e por um único uso):\n\n${link}\n\n` +
      'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
    html:
      `<p>Olá, ${escapeHtml(nome)}.</p><p>Recebemos um pedido para redefinir a sua senha no Jornada.</p>` +
      `<p><a href="${escapeHtml(link)}">Criar uma nova senha</a> (válido por ${minutes} minutos e por um único uso).</p>` +
      '<p>Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.</p>',
  }));
}

export async function redefinirSenha(
  ctx: LoginContexto,
  body: { email: string; senha: string; repetirSenha: string; time: number; token: string },
) {
  const { repo, db, clock, throttle } = ctx;
  if (body.senha !== body.repetirSenha) throw badRequest(MSG.senhasDiferentes);
  if (!isStrongPassword(body.senha)) throw badRequest(MSG.senhaFraca);
  const now = clock.now();
  const link = await repo.findLiveResetLink(tokenHash(body.token), body.email, String(body.time), now);
  if (!link) throw badRequest(MSG.linkInvalido);
  const senhaHash = await hashPassword(body.senha);
  await withSystem(db, async (tx) => {
    if (!(await repo.consumeResetLinks(tx, link.id, link.usuarioId, now))) throw badRequest(MSG.linkInvalido);
    await repo.setPassword(tx, link.usuarioId, senhaHash);
    // A new password ends every open session (whoever knew the old one is out).
    await repo.revokeAllSessions(tx, link.usuarioId, now);
  });
  // The owner proved who they are: no lock of theirs survives.
  await throttle.clearEmail(body.email);
  return { mensagem: MSG.senhaRedefinida };
}
