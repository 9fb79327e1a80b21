import { ALL_CUSTOMER_CODES, MSG, isStrongPassword, type Sessao } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, tooManyRequests, unauthorized } from '../../shared/app-error.js';
import { dummyPasswordHash, hashPassword, newToken, tokenHash, verifyPassword } from '../../shared/secrets.js';
import type { AuthContext } from '../../http/auth.js';
import { resolveSession } from '../../http/auth.js';
import { loginRepository } from './login.repository.js';

/**
 * Throttling (per e-mail and per IP, 15-minute window). Five wrong passwords
 * lock an e-mail for the rest of the window — slow enough against guessing,
 * short enough that a user who mistyped is not locked out for long. The IP
 * limit is higher because offices share one public address.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;
/** Reset e-mails per address per window (no mail-bombing through the form). */
export const MAX_RESET_REQUESTS = 5;

const KNOWN_CODES = new Set(ALL_CUSTOMER_CODES);

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export function loginService(deps: Deps) {
  const repo = loginRepository(deps.db);
  const { clock, config } = deps;

  async function openSession(user: { id: number; tenantId: number }, client: ClientInfo) {
    const token = newToken();
    const now = clock.now();
    const expiraEm = new Date(now.getTime() + config.sessionTtlHours * 3_600_000);
    await deps.db.transaction(async (tx) => {
      await repo.createSession(tx, {
        tenantId: user.tenantId,
        usuarioId: user.id,
        tokenHash: tokenHash(token),
        criadaEm: now,
        expiraEm,
        ip: client.ip.slice(0, 64),
        userAgent: client.userAgent.slice(0, 300),
      });
      await repo.touchLastAccess(tx, user.id, now);
    });
    return { valor: token, expiraEm: expiraEm.toISOString() };
  }

  /** The session payload of seed 000 §3 (permissoes with 0 appended). */
  async function sessionPayload(
    user: { id: number; tenantId: number; nome: string; email: string; nomeLogin: string; perfilId: number },
    token: { valor: string; expiraEm: string },
  ): Promise<Sessao> {
    const [codes, empresa, cnpjs] = await Promise.all([
      repo.permissionCodes(user.tenantId, user.perfilId),
      repo.mainCompany(user.tenantId),
      repo.userCnpjs(user.tenantId, user.id),
    ]);
    if (!empresa) throw new Error(`Tenant ${user.tenantId} sem empresa principal`);
    const permissoes = [...codes.filter((c) => KNOWN_CODES.has(c) || c === 99999).sort((a, b) => a - b), 0];
    const cnpjList = cnpjs.map((c) => ({ id: c.id, numero: c.numero, razaoSocial: c.razaoSocial }));
    const selected = cnpjList[0] ?? null;
    return {
      token,
      user: { id: user.id, nome: user.nome, email: user.email },
      permissoes,
      versao: config.version,
      dadosRequisicao: {
        usuario: { id: user.id, nome: user.nome, email: user.email, nomeLogin: user.nomeLogin },
        empresa: {
          id: empresa.id,
          nome: empresa.nome,
          diaInicioFechamento: empresa.diaInicioFechamento,
          diaFinalFechamento: empresa.diaFinalFechamento,
        },
        cnpj: selected,
        // Filled by the Justificativas register once it exists.
        justificativas: [],
        permissoes,
      },
      cacheEmpresa: {
        idCnpjSelecionado: selected?.id ?? null,
        cnpjSelecionado: selected,
        cnpjs: cnpjList,
        centrosCustos: [],
      },
    };
  }

  return {
    async login(
      body: { email: string; senha: string; referencia?: string; autorizacao?: string; refAcesso?: string },
      client: ClientInfo,
    ): Promise<Sessao> {
      if (body.referencia || body.autorizacao || body.refAcesso) {
        // Support access comes with the Autorização de Suporte screen; until
        // then no link is valid, and saying so is better than ignoring it.
        throw unauthorized(MSG.acessoSuporteInvalido);
      }
      const now = clock.now();
      const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const emailKey = `email:${body.email}`;
      const ipKey = `ip:${client.ip}`;
      const failures = await repo.failures([emailKey, ipKey], windowStart);
      if (
        (failures.get(emailKey) ?? 0) >= MAX_FAILURES_PER_EMAIL ||
        (failures.get(ipKey) ?? 0) >= MAX_FAILURES_PER_IP
      ) {
        throw tooManyRequests(MSG.muitasTentativas);
      }

      const user = await repo.findUserByEmail(body.email);
      const ok = await verifyPassword(user?.senhaHash ?? (await dummyPasswordHash()), body.senha);
      if (!user || !ok) {
        await repo.recordFailure(emailKey, now, windowStart);
        await repo.recordFailure(ipKey, now, windowStart);
        throw unauthorized(MSG.loginInvalido);
      }
      if (!user.ativo) throw unauthorized(MSG.usuarioInativo);
      await repo.clearFailures(emailKey);
      const token = await openSession(user, client);
      return sessionPayload(user, token);
    },

    /**
     * Seed 000 §4: a stored session is validated when /login opens; a valid one
     * is refreshed — a new token replaces the old, which stops working.
     */
    async validateToken(body: { id?: number; email?: string; token: string }, client: ClientInfo) {
      const auth = await resolveSession(deps.db, body.token, clock.now());
      const matches =
        auth !== undefined &&
        (body.id === undefined || body.id === auth.userId) &&
        (body.email === undefined || body.email.trim().toLowerCase() === auth.email);
      if (!auth || !matches) return { tokenValido: false, token: null };
      const token = await openSession({ id: auth.userId, tenantId: auth.tenantId }, client);
      await repo.revokeSession(deps.db, auth.sessionId, clock.now());
      return { tokenValido: true, token };
    },

    async logout(auth: AuthContext) {
      await repo.revokeSession(deps.db, auth.sessionId, clock.now());
      return { mensagem: 'Sessão encerrada.' };
    },

    /**
     * Always the same answer, whether or not the e-mail exists, so the form
     * cannot be used to discover accounts.
     */
    async requestPasswordReset(body: { email: string }) {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const key = `reset:${body.email}`;
      const count = (await repo.failures([key], windowStart)).get(key) ?? 0;
      const user = await repo.findUserByEmail(body.email);
      if (user && user.ativo && count < MAX_RESET_REQUESTS) {
        await repo.recordFailure(key, now, windowStart);
        const token = newToken();
        const tm = String(now.getTime());
        const expiraEm = new Date(now.getTime() + config.resetLinkTtlMinutes * 60_000);
        await repo.createResetLink(deps.db, {
          tenantId: user.tenantId,
          usuarioId: user.id,
          tokenHash: tokenHash(token),
          tm,
          expiraEm,
        });
        const link = `${config.appUrl}/redefinir-senha-email?em=${encodeURIComponent(user.email)}&tm=${tm}&tk=${token}`;
        await deps.mailer.send({
          tenantId: user.tenantId,
          to: user.email,
          subject: 'Jornada — redefinição de senha',
          text:
            `Olá, ${user.nome}.\n\nRecebemos um pedido para redefinir a sua senha no Jornada.\n` +
            `Para criar uma nova senha, abra o link abaixo (válido por ${config.resetLinkTtlMinutes} minutos e por um único uso):\n\n${link}\n\n` +
            'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
          html:
            `<p>Olá, ${escapeHtml(user.nome)}.</p><p>Recebemos um pedido para redefinir a sua senha no Jornada.</p>` +
            `<p><a href="${escapeHtml(link)}">Criar uma nova senha</a> (válido por ${config.resetLinkTtlMinutes} minutos e por um único uso).</p>` +
            '<p>Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.</p>',
        });
      }
      return { mensagem: MSG.redefinicaoSolicitada };
    },

    async resetPassword(body: { email: string; senha: string; repetirSenha: string; time: number; token: string }) {
      if (body.senha !== body.repetirSenha) throw badRequest(MSG.senhasDiferentes);
      if (!isStrongPassword(body.senha)) throw badRequest(MSG.senhaFraca);
      const now = clock.now();
      const link = await repo.findLiveResetLink(tokenHash(body.token), body.email, String(body.time), now);
      if (!link) throw badRequest(MSG.linkInvalido);
      const senhaHash = await hashPassword(body.senha);
      await deps.db.transaction(async (tx) => {
        if (!(await repo.consumeResetLinks(tx, link.id, link.usuarioId, now))) throw badRequest(MSG.linkInvalido);
        await repo.setPassword(tx, link.usuarioId, senhaHash);
        // A new password ends every open session (whoever knew the old one is out).
        await repo.revokeAllSessions(tx, link.usuarioId, now);
      });
      return { mensagem: MSG.senhaRedefinida };
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
