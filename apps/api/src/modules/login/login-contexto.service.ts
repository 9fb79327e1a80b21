import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/tenant-tx.js';
import { newToken, tokenHash } from '../../shared/secrets.js';
import { loginRepository } from './login.repository.js';
import { loginThrottle } from './login-throttle.service.js';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * What every use case of the login works with, made once per service
 * (decision 0068): the system database (the login runs before any tenant is
 * known), its repository, the attempt throttle, the clock and the settings.
 */
export interface LoginContexto {
  deps: Deps;
  db: Deps['systemDb'];
  repo: ReturnType<typeof loginRepository>;
  throttle: ReturnType<typeof loginThrottle>;
  clock: Deps['clock'];
  config: Deps['config'];
}

export function loginContexto(deps: Deps): LoginContexto {
  const db = deps.systemDb;
  return {
    deps,
    db,
    repo: loginRepository(db),
    throttle: loginThrottle(db, deps.clock),
    clock: deps.clock,
    config: deps.config,
  };
}

/** `autorizacaoSuporteId`: a support session in `tenantId` (decision 0016). */
export async function openSession(
  ctx: LoginContexto,
  tx: Tx,
  user: { id: number; tenantId: number },
  client: ClientInfo,
  autorizacaoSuporteId: number | null = null,
) {
  const { repo, clock, config } = ctx;
  const token = newToken();
  const now = clock.now();
  const expiraEm = new Date(now.getTime() + config.sessionTtlHours * 3_600_000);
  const id = await repo.createSession(tx, {
    tenantId: user.tenantId,
    usuarioId: user.id,
    tokenHash: tokenHash(token),
    criadaEm: now,
    expiraEm,
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 300),
    autorizacaoSuporteId,
  });
  await repo.touchLastAccess(tx, user.id, now);
  return { id, token: { valor: token, expiraEm: expiraEm.toISOString() } };
}

/**
 * A single-use link to /redefinir-senha-email (hashed token, expiry): the
 * reset e-mail and a new user's invitation (decision 0021) both send one.
 */
export async function enviarLinkSenha(
  ctx: LoginContexto,
  user: { id: number; tenantId: number; nome: string; email: string },
  ttlMs: number,
  compose: (link: string, nome: string) => { subject: string; text: string; html: string },
): Promise<void> {
  const { repo, db, clock, config, deps } = ctx;
  const now = clock.now();
  const token = newToken();
  const tm = String(now.getTime());
  await repo.createResetLink(db, {
    tenantId: user.tenantId,
    usuarioId: user.id,
    tokenHash: tokenHash(token),
    tm,
    expiraEm: new Date(now.getTime() + ttlMs),
  });
  const link = `${config.appUrl}/redefinir-senha-email?em=${encodeURIComponent(user.email)}&tm=${tm}&tk=${token}`;
  await deps.mailer.send({ tenantId: user.tenantId, to: user.email, ...compose(link, user.nome), secrets: [token] });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
