import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  cnpjs,
  empresas,
  perfilPermissoes,
  redefinicoesSenha,
  sessoes,
  tentativasLogin,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';

/**
 * Login runs before a tenant is known, so these queries run as the owner
 * (outside withTenant) and always name the tenant explicitly once it is.
 */
export function loginRepository(db: Db) {
  return {
    findUserByEmail(email: string) {
      return db.query.usuarios.findFirst({ where: eq(usuarios.email, email) });
    },

    findUserById(id: number) {
      return db.query.usuarios.findFirst({ where: eq(usuarios.id, id) });
    },

    /** Failures inside the window for each key. */
    async failures(keys: string[], windowStart: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({ chave: tentativasLogin.chave, falhas: tentativasLogin.falhas, inicio: tentativasLogin.janelaInicio })
        .from(tentativasLogin)
        .where(inArray(tentativasLogin.chave, keys));
      return new Map(rows.filter((r) => r.inicio >= windowStart).map((r) => [r.chave, r.falhas]));
    },

    /** Atomic count of one more failure; a stale window restarts at 1. */
    async recordFailure(key: string, now: Date, windowStart: Date): Promise<void> {
      await db.execute(sql`
        INSERT INTO tentativas_login (chave, janela_inicio, falhas) VALUES (${key}, ${now.toISOString()}, 1)
        ON CONFLICT (chave) DO UPDATE SET
          falhas = CASE WHEN tentativas_login.janela_inicio < ${windowStart.toISOString()} THEN 1 ELSE tentativas_login.falhas + 1 END,
          janela_inicio = CASE WHEN tentativas_login.janela_inicio < ${windowStart.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE tentativas_login.janela_inicio END`);
    },

    async clearFailures(key: string): Promise<void> {
      await db.delete(tentativasLogin).where(eq(tentativasLogin.chave, key));
    },

    async createSession(
      tx: Db,
      s: {
        tenantId: number;
        usuarioId: number;
        tokenHash: string;
        criadaEm: Date;
        expiraEm: Date;
        ip: string;
        userAgent: string;
      },
    ): Promise<void> {
      await tx.insert(sessoes).values(s);
    },

    async touchLastAccess(tx: Db, usuarioId: number, at: Date): Promise<void> {
      await tx.update(usuarios).set({ dataUltimoAcesso: at }).where(eq(usuarios.id, usuarioId));
    },

    async revokeSession(tx: Db, sessionId: number, at: Date): Promise<void> {
      await tx
        .update(sessoes)
        .set({ revogadaEm: at })
        .where(and(eq(sessoes.id, sessionId), isNull(sessoes.revogadaEm)));
    },

    async revokeAllSessions(tx: Db, usuarioId: number, at: Date): Promise<void> {
      await tx
        .update(sessoes)
        .set({ revogadaEm: at })
        .where(and(eq(sessoes.usuarioId, usuarioId), isNull(sessoes.revogadaEm)));
    },

    async permissionCodes(tenantId: number, perfilId: number): Promise<number[]> {
      const rows = await db
        .select({ codigo: perfilPermissoes.codigo })
        .from(perfilPermissoes)
        .where(and(eq(perfilPermissoes.tenantId, tenantId), eq(perfilPermissoes.perfilId, perfilId)));
      return rows.map((r) => r.codigo);
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
      tx: Db,
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
    async consumeResetLinks(tx: Db, linkId: number, usuarioId: number, at: Date): Promise<boolean> {
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

    async setPassword(tx: Db, usuarioId: number, senhaHash: string): Promise<void> {
      await tx.update(usuarios).set({ senhaHash }).where(eq(usuarios.id, usuarioId));
    },
  };
}
export type LoginRepository = ReturnType<typeof loginRepository>;
