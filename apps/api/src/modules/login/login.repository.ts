import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import { SESSION_JOINS, sessionBindingHolds } from './session.repository.js';
import {
  autorizacoesSuporte,
  cnpjs,
  empresas,
  justificativas,
  perfilPermissoes,
  perfis,
  redefinicoesSenha,
  sessoes,
  tenants,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';

type Conn = Db | Tx;

/**
 * Login runs before a tenant is known, so these queries run on the system
 * path (db/tenant-rls.ts) and always name the tenant explicitly once it is.
 */
export function loginRepository(db: Db) {
  return {
    /** The user of an e-mail with what login must check (active user, active tenant). */
    async findUserForLogin(email: string) {
      const rows = await db
        .select({
          id: usuarios.id,
          tenantId: usuarios.tenantId,
          nome: usuarios.nome,
          nomeLogin: usuarios.nomeLogin,
          email: usuarios.email,
          senhaHash: usuarios.senhaHash,
          perfilId: usuarios.perfilId,
          ativo: usuarios.ativo,
          tenantAtivo: tenants.ativo,
          tenantProvedor: tenants.provedor,
        })
        .from(usuarios)
        .innerJoin(tenants, eq(tenants.id, usuarios.tenantId))
        .where(eq(usuarios.email, email));
      return rows[0];
    },

    findUserById(id: number) {
      return db.query.usuarios.findFirst({ where: eq(usuarios.id, id) });
    },

    async createSession(
      tx: Conn,
      s: {
        tenantId: number;
        usuarioId: number;
        tokenHash: string;
        criadaEm: Date;
        expiraEm: Date;
        ip: string;
        userAgent: string;
        autorizacaoSuporteId?: number | null;
      },
    ): Promise<number> {
      const [row] = await tx.insert(sessoes).values(s).returning({ id: sessoes.id });
      return row!.id;
    },

    async touchLastAccess(tx: Conn, usuarioId: number, at: Date): Promise<void> {
      await tx.update(usuarios).set({ dataUltimoAcesso: at }).where(eq(usuarios.id, usuarioId));
    },

    /**
     * The session of a token, locked for the rest of the transaction, so two
     * concurrent rotations of one token are serialised: the second sees the
     * first one's outcome.
     */
    async lockSessionByToken(tx: Tx, tokenHash: string, now: Date) {
      const rows = await queryRows<{
        id: number;
        tenant_id: number;
        usuario_id: number;
        expira_em: string | Date;
        revogada_em: string | Date | null;
        sucessor_id: number | null;
        sucessor_token_cifrado: string | null;
        autorizacao_suporte_id: number | null;
        email: string;
        ativa: boolean;
      }>(
        tx,
        sql`
        SELECT s.id, s.tenant_id, s.usuario_id, s.expira_em, s.revogada_em, s.sucessor_id, s.sucessor_token_cifrado,
               s.autorizacao_suporte_id, u.email, ${sessionBindingHolds(now)} AS ativa
          FROM sessoes s ${SESSION_JOINS}
         WHERE s.token_hash = ${tokenHash}
         FOR UPDATE OF s`,
      );
      const r = rows[0];
      if (!r) return undefined;
      return {
        id: Number(r.id),
        tenantId: Number(r.tenant_id),
        usuarioId: Number(r.usuario_id),
        expiraEm: new Date(r.expira_em),
        revogadaEm: r.revogada_em === null ? null : new Date(r.revogada_em),
        sucessorId: r.sucessor_id === null ? null : Number(r.sucessor_id),
        sucessorTokenCifrado: r.sucessor_token_cifrado,
        autorizacaoSuporteId: r.autorizacao_suporte_id === null ? null : Number(r.autorizacao_suporte_id),
        email: r.email,
        ativa: r.ativa,
      };
    },

    async findSession(tx: Conn, id: number) {
      const rows = await tx
        .select({ id: sessoes.id, expiraEm: sessoes.expiraEm, revogadaEm: sessoes.revogadaEm })
        .from(sessoes)
        .where(eq(sessoes.id, id));
      return rows[0];
    },

    async markRotated(tx: Conn, sessionId: number, at: Date, sucessorId: number, cifrado: string): Promise<void> {
      await tx
        .update(sessoes)
        .set({ revogadaEm: at, sucessorId, sucessorTokenCifrado: cifrado })
        .where(eq(sessoes.id, sessionId));
    },

    async revokeSession(tx: Conn, sessionId: number, at: Date): Promise<void> {
      await tx
        .update(sessoes)
        .set({ revogadaEm: at })
        .where(and(eq(sessoes.id, sessionId), isNull(sessoes.revogadaEm)));
    },

    async revokeAllSessions(tx: Conn, usuarioId: number, at: Date): Promise<void> {
      await tx
        .update(sessoes)
        .set({ revogadaEm: at })
        .where(and(eq(sessoes.usuarioId, usuarioId), isNull(sessoes.revogadaEm)));
    },

    /** Every live session of the user but one (the caller's own, after a password change). */
    async revokeOtherSessions(tx: Conn, usuarioId: number, keepSessionId: number, at: Date): Promise<void> {
      await tx
        .update(sessoes)
        .set({ revogadaEm: at })
        .where(and(eq(sessoes.usuarioId, usuarioId), isNull(sessoes.revogadaEm), ne(sessoes.id, keepSessionId)));
    },

    /** Outstanding reset or invitation links of the user die (a new password was set another way). */
    async consumeOpenLinks(tx: Conn, usuarioId: number, at: Date): Promise<void> {
      await tx
        .update(redefinicoesSenha)
        .set({ usadaEm: at })
        .where(and(eq(redefinicoesSenha.usuarioId, usuarioId), isNull(redefinicoesSenha.usadaEm)));
    },

    async permissionCodes(tenantId: number, perfilId: number): Promise<number[]> {
      const rows = await db
        .select({ codigo: perfilPermissoes.codigo })
        .from(perfilPermissoes)
        .where(and(eq(perfilPermissoes.tenantId, tenantId), eq(perfilPermissoes.perfilId, perfilId)));
      return rows.map((r) => r.codigo);
    },

    /** The codes a support session acts with: the tenant's protected Administrador profile's. */
    async protectedProfileCodes(tenantId: number): Promise<number[]> {
      const rows = await db
        .select({ codigo: perfilPermissoes.codigo })
        .from(perfilPermissoes)
        .innerJoin(
          perfis,
          and(eq(perfis.id, perfilPermissoes.perfilId), eq(perfis.tenantId, perfilPermissoes.tenantId)),
        )
        .where(and(eq(perfilPermissoes.tenantId, tenantId), eq(perfis.protegido, true)));
      return rows.map((r) => r.codigo);
    },

    /** Every CNPJ of the tenant, the principal one first (a support session sees them all). */
    tenantCnpjs(tenantId: number) {
      return db
        .select({ id: cnpjs.id, numero: cnpjs.numero, razaoSocial: cnpjs.razaoSocial, principal: cnpjs.principal })
        .from(cnpjs)
        .where(eq(cnpjs.tenantId, tenantId))
        .orderBy(sql`${cnpjs.principal} DESC`, asc(cnpjs.razaoSocial));
    },

    /**
     * The authorisation a support link names, locked for the login's
     * transaction, with "today" on its company's calendar and its tenant's
     * state. Undefined when it does not exist in that tenant (or was deleted).
     */
    async lockSupportAuthorization(tx: Tx, autorizacaoId: number, tenantId: number, now: Date) {
      const rows = await queryRows<{
        id: number;
        fechado: boolean;
        data_final: string;
        hoje: string;
        tenant_ativo: boolean;
        tenant_provedor: boolean;
      }>(
        tx,
        sql`
        SELECT a.id, a.fechado, a.data_final,
               to_char(${now.toISOString()}::timestamptz AT TIME ZONE e.fuso_horario, 'YYYY-MM-DD') AS hoje,
               t.ativo AS tenant_ativo, t.provedor AS tenant_provedor
          FROM autorizacoes_suporte a
          JOIN tenants t ON t.id = a.tenant_id
          JOIN empresas e ON e.tenant_id = a.tenant_id
         WHERE a.id = ${autorizacaoId} AND a.tenant_id = ${tenantId}
         FOR UPDATE OF a`,
      );
      const r = rows[0];
      if (!r) return undefined;
      return {
        aberta: !r.fechado && r.data_final >= r.hoje,
        tenantAtivo: r.tenant_ativo,
        tenantProvedor: r.tenant_provedor,
      };
    },

    /**
     * Spends the one-time access code: only an unused, unexpired code with
     * this hash is marked used. Two logins racing with one code: the second
     * UPDATE waits for the first's row lock, re-reads the row, finds it used
     * and changes nothing — exactly one wins.
     */
    async consumeRefAcesso(tx: Tx, autorizacaoId: number, hash: string, now: Date): Promise<boolean> {
      const used = await tx
        .update(autorizacoesSuporte)
        .set({ refAcessoUsadoEm: now })
        .where(
          and(
            eq(autorizacoesSuporte.id, autorizacaoId),
            eq(autorizacoesSuporte.refAcessoHash, hash),
            isNull(autorizacoesSuporte.refAcessoUsadoEm),
            sql`${autorizacoesSuporte.refAcessoExpiraEm} > ${now.toISOString()}`,
          ),
        )
        .returning({ id: autorizacoesSuporte.id });
      return used.length === 1;
    },

    /** The tenant's justifications for the session (seed 000 §3 dadosRequisicao.justificativas), by description. */
    tenantJustificativas(tenantId: number) {
      return db
        .select({ id: justificativas.id, descricao: justificativas.descricao, tipo: justificativas.tipo })
        .from(justificativas)
        .where(eq(justificativas.tenantId, tenantId))
        .orderBy(asc(justificativas.descricao), asc(justificativas.id));
    },

    mainCompany(tenantId: number) {
      return db.query.empresas.findFirst({ where: eq(empresas.tenantId, tenantId) });
    },

    /** The CNPJs assigned to the user, the principal one first. */
    userCnpjs(tenantId: number, usuarioId: number) {
      return db
        .select({ id: cnpjs.id, numero: cnpjs.numero, razaoSocial: cnpjs.razaoSocial, principal: cnpjs.principal })
        .from(usuarioCnpjs)
        .innerJoin(cnpjs, and(eq(cnpjs.id, usuarioCnpjs.cnpjId), eq(cnpjs.tenantId, usuarioCnpjs.tenantId)))
        .where(and(eq(usuarioCnpjs.tenantId, tenantId), eq(usuarioCnpjs.usuarioId, usuarioId)))
        .orderBy(sql`${cnpjs.principal} DESC`, asc(cnpjs.razaoSocial));
    },

    async createResetLink(
      tx: Conn,
      r: { tenantId: number; usuarioId: number; tokenHash: string; tm: string; expiraEm: Date },
    ): Promise<void> {
      await tx.insert(redefinicoesSenha).values(r);
    },

    /** A reset link that is unused, unexpired and belongs to that e-mail and time stamp. */
    async findLiveResetLink(tokenHash: string, email: string, tm: string, now: Date) {
      const rows = await db
        .select({
          id: redefinicoesSenha.id,
          usuarioId: redefinicoesSenha.usuarioId,
          tenantId: redefinicoesSenha.tenantId,
        })
        .from(redefinicoesSenha)
        .innerJoin(usuarios, eq(usuarios.id, redefinicoesSenha.usuarioId))
        .where(
          and(
            eq(redefinicoesSenha.tokenHash, tokenHash),
            eq(redefinicoesSenha.tm, tm),
            eq(usuarios.email, email),
            isNull(redefinicoesSenha.usadaEm),
            sql`${redefinicoesSenha.expiraEm} > ${now.toISOString()}`,
          ),
        );
      return rows[0];
    },

    /**
     * Marks the link used; the WHERE makes it single-use even when two
     * requests race: only one of them updates a row.
     */
    async consumeResetLinks(tx: Conn, linkId: number, usuarioId: number, at: Date): Promise<boolean> {
      const used = await tx
        .update(redefinicoesSenha)
        .set({ usadaEm: at })
        .where(and(eq(redefinicoesSenha.id, linkId), isNull(redefinicoesSenha.usadaEm)))
        .returning({ id: redefinicoesSenha.id });
      // Any other outstanding link of the user dies with this one.
      await tx
        .update(redefinicoesSenha)
        .set({ usadaEm: at })
        .where(and(eq(redefinicoesSenha.usuarioId, usuarioId), isNull(redefinicoesSenha.usadaEm)));
      return used.length === 1;
    },

    async setPassword(tx: Conn, usuarioId: number, senhaHash: string): Promise<void> {
      await tx.update(usuarios).set({ senhaHash }).where(eq(usuarios.id, usuarioId));
    },
  };
}

export type LoginRepository = ReturnType<typeof loginRepository>;
