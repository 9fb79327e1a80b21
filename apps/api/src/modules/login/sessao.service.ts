import { withSystem } from '../../db/tenant-tx.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { openForHolder, sealForHolder, tokenHash } from '../../shared/secrets.js';
import { openSession, type ClientInfo, type LoginContexto } from './login-contexto.service.js';

/**
 * Two tabs of one user open /login at once and both rotate the same stored
 * token: within this time the loser receives the winner's token instead of
 * failing, so neither tab logs the other out.
 */
export const ROTATION_GRACE_MS = 10_000;

/**
 * Seed 000 §4: a stored session is validated when /login opens; a valid one
 * is refreshed — a new token replaces the old, which stops working. One
 * rotation wins: the row is locked, and a caller that arrives within
 * ROTATION_GRACE_MS of the winner receives the winner's token.
 */
export async function validarToken(
  ctx: LoginContexto,
  body: { id?: number; email?: string; token: string },
  client: ClientInfo,
) {
  const { repo, db, clock } = ctx;
  const invalid = { tokenValido: false, token: null } as const;
  return withSystem(db, async (tx) => {
    const now = clock.now();
    const s = await repo.lockSessionByToken(tx, tokenHash(body.token), now);
    const matches =
      s !== undefined &&
      s.ativa &&
      (body.id === undefined || body.id === s.usuarioId) &&
      (body.email === undefined || body.email.trim().toLowerCase() === s.email);
    if (!s || !matches || s.expiraEm <= now) return invalid;
    if (s.revogadaEm === null) {
      // A support session stays bound to its authorisation when rotated.
      const next = await openSession(
        ctx,
        tx,
        { id: s.usuarioId, tenantId: s.tenantId },
        client,
        s.autorizacaoSuporteId,
      );
      await repo.markRotated(tx, s.id, now, next.id, sealForHolder(next.token.valor, body.token));
      return { tokenValido: true, token: next.token };
    }
    const withinGrace = now.getTime() - s.revogadaEm.getTime() <= ROTATION_GRACE_MS;
    if (!withinGrace || s.sucessorId === null || s.sucessorTokenCifrado === null) return invalid;
    const successor = await repo.findSession(tx, s.sucessorId);
    const valor = openForHolder(s.sucessorTokenCifrado, body.token);
    if (!successor || successor.revogadaEm !== null || successor.expiraEm <= now || !valor) return invalid;
    return { tokenValido: true, token: { valor, expiraEm: successor.expiraEm.toISOString() } };
  });
}

/** 'Sair': the caller's session ends. */
export async function sair(ctx: LoginContexto, auth: AuthContext) {
  const { repo, db, clock } = ctx;
  await repo.revokeSession(db, auth.sessionId, clock.now());
  return { mensagem: 'Sessão encerrada.' };
}
