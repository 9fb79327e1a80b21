import type { Tx } from '../../db/tenant-tx.js';
import { escapeHtml, enviarLinkSenha, type LoginContexto } from './login-contexto.service.js';

/** The invitation's queue (its handler: login.jobs.ts). */
export const ENVIAR_CONVITE_QUEUE = 'email-convite';
export interface EmailConviteData {
  usuarioId: number;
  invitedBy: string;
}

/**
 * Queues the new user's invitation in the transaction that creates the
 * user: the mail goes out only if the user exists (no mail announces a
 * rolled-back user). A failed send stays in the outbox; the user can
 * still ask for a reset link.
 */
export async function convidarUsuario(ctx: LoginContexto, tx: Tx, usuarioId: number, invitedBy: string): Promise<void> {
  const { deps } = ctx;
  await deps.jobs.send(ENVIAR_CONVITE_QUEUE, { usuarioId, invitedBy } satisfies EmailConviteData, { tx });
}

/**
 * A new user's invitation: the link to create the first password (no password is ever mailed); sent by
 * login.jobs.ts enviarConviteJob.
 */
export async function enviarConvite(ctx: LoginContexto, { usuarioId, invitedBy }: EmailConviteData): Promise<void> {
  const { repo, config } = ctx;
  const user = await repo.findUserById(usuarioId);
  if (!user || !user.ativo) return;
  const hours = config.inviteLinkTtlHours;
  await enviarLinkSenha(ctx, user, hours * 3_600_000, (link, nome) => ({
    subject: 'Jornada — seu acesso foi criado',
    text:
      `Olá, ${nome}.\n\n${invitedBy} criou o seu acesso ao Jornada, com o login ${user.email}.\n` +
      `Para criar a sua senha, abra o link abaixo (válido por ${hours} horas e por um único uso):\n\n${link}\n\n` +
      'Se o link expirar, use "Esqueceu a senha?" na tela de login para receber outro.',
    html:
      `<p>Olá, ${escapeHtml(nome)}.</p><p>${escapeHtml(invitedBy)} criou o seu acesso ao Jornada, com o login ` +
      `${escapeHtml(user.email)}.</p><p><a href="${escapeHtml(link)}">Criar a minha senha</a> ` +
      `(válido por ${hours} horas e por um único uso).</p>` +
      '<p>Se o link expirar, use "Esqueceu a senha?" na tela de login para receber outro.</p>',
  }));
}
