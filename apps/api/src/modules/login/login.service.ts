import {
  ALL_CUSTOMER_CODES,
  MSG,
  SUPER_ADMIN_CODE,
  centroCustoApi,
  isStrongPassword,
  type Sessao,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { logOperation } from '../../db/operation-log.js';
import { withSystem, type Tx } from '../../db/tenant-tx.js';
import { loadTenantScope, loadUserScope, scopedCentrosCusto } from '../../db/user-scope.js';
import { AppError, badRequest, unauthorized } from '../../shared/app-error.js';
import {
  dummyPasswordHash,
  hashPassword,
  newToken,
  openForHolder,
  sealForHolder,
  tokenHash,
  verifyPassword,
} from '../../shared/secrets.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { loginRepository } from './login.repository.js';
import { loginThrottle } from './login-throttle.service.js';

export { LOGIN_WINDOW_MS, MAX_FAILURES_PER_PAIR, MAX_FAILURES_PER_ADDRESS } from './login-throttle.service.js';

/**
 * Two tabs of one user open /login at once and both rotate the same stored
 * token: within this time the loser receives the winner's token instead of
 * failing, so neither tab logs the other out.
 */
export const ROTATION_GRACE_MS = 10_000;

const KNOWN_CODES = new Set(ALL_CUSTOMER_CODES);

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Queues of the login's mails (their handlers: login.jobs.ts). */
export const JOB_EMAIL_REDEFINICAO_SENHA = 'email-redefinicao-senha';
export const JOB_EMAIL_CONVITE = 'email-convite';
export interface EmailRedefinicaoData {
  email: string;
}
export interface EmailConviteData {
  usuarioId: number;
  invitedBy: string;
}

export function loginService(deps: Deps) {
  const db = deps.systemDb;
  const repo = loginRepository(db);
  const throttle = loginThrottle(db, deps.clock);
  const { clock, config } = deps;

  /** `autorizacaoSuporteId`: a support session in `tenantId` (decision 0016). */
  async function openSession(
    tx: Tx,
    user: { id: number; tenantId: number },
    client: ClientInfo,
    autorizacaoSuporteId: number | null = null,
  ) {
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
   * The session payload of seed 000 §3 (permissoes with 0 appended). 99999
   * only for the provider's own users (decision 0015). `supportTenant`: a
   * support session in that tenant — its Administrador codes, all its CNPJs.
   */
  async function sessionPayload(
    user: {
      id: number;
      tenantId: number;
      nome: string;
      email: string;
      nomeLogin: string;
      perfilId: number;
      tenantProvedor: boolean;
    },
    token: { valor: string; expiraEm: string },
    supportTenant?: number,
  ): Promise<Sessao> {
    const tenantId = supportTenant ?? user.tenantId;
    const [codes, empresa, cnpjs, centrosCustos, justificativas] = await Promise.all([
      supportTenant === undefined
        ? repo.permissionCodes(user.tenantId, user.perfilId)
        : repo.protectedProfileCodes(supportTenant),
      repo.mainCompany(tenantId),
      supportTenant === undefined ? repo.userCnpjs(user.tenantId, user.id) : repo.tenantCnpjs(supportTenant),
      // The user's cost centres (decision 0020): what the filters of later screens offer. A
      // support session sees the whole tenant (decision 0016).
      (supportTenant === undefined
        ? loadUserScope(db, user.tenantId, user.id)
        : loadTenantScope(db, supportTenant, user.id)
      ).then((scope) => scopedCentrosCusto(db, tenantId, scope)),
      repo.tenantJustificativas(tenantId),
    ]);
    if (!empresa) throw new Error(`Tenant ${tenantId} sem empresa principal`);
    const provider = supportTenant === undefined && user.tenantProvedor;
    const permissoes = [
      ...codes.filter((c) => KNOWN_CODES.has(c) || (provider && c === SUPER_ADMIN_CODE)).sort((a, b) => a - b),
      0,
    ];
    const nomeLogin = supportTenant === undefined ? user.nomeLogin : `suporte:${user.email}`;
    const cnpjList = cnpjs.map((c) => ({ id: c.id, numero: c.numero, razaoSocial: c.razaoSocial }));
    const selected = cnpjList[0] ?? null;
    return {
      token,
      user: { id: user.id, nome: user.nome, email: user.email },
      permissoes,
      versao: config.version,
      dadosRequisicao: {
        usuario: { id: user.id, nome: user.nome, email: user.email, nomeLogin },
        empresa: {
          id: empresa.id,
          nome: empresa.nome,
          diaInicioFechamento: empresa.diaInicioFechamento,
          diaFinalFechamento: empresa.diaFinalFechamento,
        },
        cnpj: selected,
        justificativas,
        permissoes,
      },
      cacheEmpresa: {
        idCnpjSelecionado: selected?.id ?? null,
        cnpjSelecionado: selected,
        cnpjs: cnpjList,
        centrosCustos: centrosCustos.map((c) => ({
          id: c.id,
          codigo: c.codigo,
          nome: c.nome,
          tipo: centroCustoApi.NIVEIS_CENTRO_CUSTO_POR_TIPO[c.tipo] ?? 'Departamento',
          idCnpj: c.cnpjId,
        })),
      },
      suporte: supportTenant !== undefined,
    };
  }

  /**
   * Support access (seed 000 §2.1, §7; decision 0016), after the password was
   * checked: the user must be provider staff holding 99999, the link must name
   * an open authorisation of that tenant, and its one-time code must be
   * unused and unexpired. The code is spent in the transaction that opens the
   * session, so a link logs in once.
   */
  async function supportLogin(
    user: NonNullable<Awaited<ReturnType<typeof repo.findUserForLogin>>>,
    body: { referencia?: string | undefined; autorizacao?: string | undefined; refAcesso?: string | undefined },
    client: ClientInfo,
  ): Promise<Sessao> {
    const tenantId = positiveInt(body.referencia);
    const autorizacaoId = positiveInt(body.autorizacao);
    if (tenantId === undefined || autorizacaoId === undefined || !body.refAcesso) {
      throw unauthorized(MSG.acessoSuporteInvalido);
    }
    const staff =
      user.tenantProvedor && (await repo.permissionCodes(user.tenantId, user.perfilId)).includes(SUPER_ADMIN_CODE);
    if (!staff) throw unauthorized(MSG.acessoSuporteInvalido);
    const { token } = await withSystem(db, async (tx) => {
      const now = clock.now();
      const target = await repo.lockSupportAuthorization(tx, autorizacaoId, tenantId, now);
      if (!target || target.tenantProvedor) throw unauthorized(MSG.semAutorizacaoAberta);
      if (!target.tenantAtivo) throw new AppError(403, MSG.acessoSuspenso);
      if (!target.aberta) throw unauthorized(MSG.semAutorizacaoAberta);
      if (!(await repo.consumeRefAcesso(tx, autorizacaoId, tokenHash(body.refAcesso!), now))) {
        throw unauthorized(MSG.acessoSuporteInvalido);
      }
      return openSession(tx, { id: user.id, tenantId }, client, autorizacaoId);
    });
    return sessionPayload(user, token, tenantId);
  }

  /**
   * A single-use link to /redefinir-senha-email (hashed token, expiry): the
   * reset e-mail and a new user's invitation (decision 0021) both send one.
   */
  async function sendPasswordLink(
    user: { id: number; tenantId: number; nome: string; email: string },
    ttlMs: number,
    compose: (link: string, nome: string) => { subject: string; text: string; html: string },
  ): Promise<void> {
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

  /** The reset e-mail, built and sent after the request was answered. */
  async function sendResetLink(email: string): Promise<void> {
    const user = await repo.findUserForLogin(email);
    if (!user || !user.ativo || !user.tenantAtivo) return;
    const minutes = config.resetLinkTtlMinutes;
    await sendPasswordLink(user, minutes * 60_000, (link, nome) => ({
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

  /** A new user's invitation: the link to create the first password (no password is ever mailed). */
  async function sendInvitation(usuarioId: number, invitedBy: string): Promise<void> {
    const user = await repo.findUserById(usuarioId);
    if (!user || !user.ativo) return;
    const hours = config.inviteLinkTtlHours;
    await sendPasswordLink(user, hours * 3_600_000, (link, nome) => ({
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

  return {
    async login(
      body: { email: string; senha: string; referencia?: string; autorizacao?: string; refAcesso?: string },
      client: ClientInfo,
    ): Promise<Sessao> {
      const attempt = await throttle.begin(body.email, client.ip);
      const user = await repo.findUserForLogin(body.email);
      const ok = await verifyPassword(user?.senhaHash ?? (await dummyPasswordHash()), body.senha);
      if (!user || !ok) {
        await attempt.failed();
        throw unauthorized(MSG.loginInvalido);
      }
      // The password was right: whatever follows is not a guess.
      await attempt.succeeded();
      if (!user.tenantAtivo) throw new AppError(403, MSG.acessoSuspenso);
      if (!user.ativo) throw unauthorized(MSG.usuarioInativo);
      if (body.referencia || body.autorizacao || body.refAcesso) return supportLogin(user, body, client);
      const { token } = await withSystem(db, (tx) => openSession(tx, user, client));
      return sessionPayload(user, token);
    },

    /**
     * Seed 000 §4: a stored session is validated when /login opens; a valid one
     * is refreshed — a new token replaces the old, which stops working. One
     * rotation wins: the row is locked, and a caller that arrives within
     * ROTATION_GRACE_MS of the winner receives the winner's token.
     */
    async validateToken(body: { id?: number; email?: string; token: string }, client: ClientInfo) {
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
          const next = await openSession(tx, { id: s.usuarioId, tenantId: s.tenantId }, client, s.autorizacaoSuporteId);
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
    },

    async logout(auth: AuthContext) {
      await repo.revokeSession(db, auth.sessionId, clock.now());
      return { mensagem: 'Sessão encerrada.' };
    },

    /**
     * Always the same answer, at once, whether or not the e-mail exists: the
     * lookup and the mail happen after the answer, so neither the text nor
     * the timing tells which e-mails have accounts.
     */
    async requestPasswordReset(body: { email: string }) {
      // The same job whether or not the e-mail has an account: the lookup
      // happens in the job, so the answer's work and timing are the same.
      if (await throttle.allowResetRequest(body.email)) {
        await deps.jobs.send(JOB_EMAIL_REDEFINICAO_SENHA, { email: body.email } satisfies EmailRedefinicaoData);
      }
      return { mensagem: MSG.redefinicaoSolicitada };
    },

    /**
     * Queues the new user's invitation in the transaction that creates the
     * user: the mail goes out only if the user exists (no mail announces a
     * rolled-back user). A failed send stays in the outbox; the user can
     * still ask for a reset link.
     */
    async inviteUser(tx: Tx, usuarioId: number, invitedBy: string): Promise<void> {
      await deps.jobs.send(JOB_EMAIL_CONVITE, { usuarioId, invitedBy } satisfies EmailConviteData, { tx });
    },

    /** The reset e-mail's job (login.jobs.ts). */
    mailResetLink: (data: EmailRedefinicaoData) => sendResetLink(data.email),
    /** The invitation's job (login.jobs.ts). */
    mailInvitation: (data: EmailConviteData) => sendInvitation(data.usuarioId, data.invitedBy),

    /**
     * Meus Dados › Senha: the new password, in one transaction with the end of
     * every other session of the user (whoever knew the old password is out;
     * the caller's own session stays) and of any reset or invitation link
     * still open. The rule is checked here too, whatever the client did.
     */
    async changePassword(auth: AuthContext, senha: string, repetirSenha: string) {
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
    },

    async resetPassword(body: { email: string; senha: string; repetirSenha: string; time: number; token: string }) {
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
    },
  };
}

function positiveInt(s: string | undefined): number | undefined {
  if (!s || !/^[1-9][0-9]{0,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 2_147_483_647 ? n : undefined;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
