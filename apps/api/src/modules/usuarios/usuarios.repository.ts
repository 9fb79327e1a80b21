import { and, asc, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';
import {
  centrosCusto,
  cnpjs,
  perfis,
  planos,
  tenants,
  usuarioCentrosCusto,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';

/**
 * SQL of Usuários, Editar Usuário and Meus Dados. Every query names the
 * tenant (RLS checks it a second time); ids that come from a request are
 * looked up here before anything points at them, because foreign keys are
 * checked without RLS and would accept another tenant's row.
 */
const userColumns = {
  id: usuarios.id,
  nome: usuarios.nome,
  nomeLogin: usuarios.nomeLogin,
  email: usuarios.email,
  perfilId: perfis.id,
  perfilNome: perfis.nome,
  perfilProtegido: perfis.protegido,
  dataUltimoAcesso: usuarios.dataUltimoAcesso,
  dataCadastro: usuarios.dataCadastro,
};

const cnpjColumns = { id: cnpjs.id, numero: cnpjs.numero, razaoSocial: cnpjs.razaoSocial };
const cnpjOrder = [desc(cnpjs.principal), asc(cnpjs.razaoSocial), asc(cnpjs.id)];

const centroColumns = {
  id: centrosCusto.id,
  codigo: centrosCusto.codigo,
  nome: centrosCusto.nome,
  tipo: centrosCusto.tipo,
  idCnpj: centrosCusto.cnpjId,
  centroCustoPaiId: centrosCusto.paiId,
};
const centroOrder = [asc(centrosCusto.cnpjId), asc(centrosCusto.tipo), asc(centrosCusto.codigo), asc(centrosCusto.id)];

const selectUsers = (tx: Tx, tenantId: number) =>
  tx
    .select(userColumns)
    .from(usuarios)
    .innerJoin(perfis, and(eq(perfis.id, usuarios.perfilId), eq(perfis.tenantId, usuarios.tenantId)))
    .where(eq(usuarios.tenantId, tenantId))
    .$dynamic();

export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

export const usuariosRepository = {
  /**
   * Serialises the changes to a tenant's set of users (creation against the
   * plan's limit, the last Administrador) until the transaction ends: the
   * counts read after it are the committed ones, so two requests at once
   * cannot both pass a check that only one of them may pass.
   */
  async lockTenantUsers(tx: Tx, tenantId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('jornada.usuarios'), ${tenantId}::int)`);
  },

  async maxUsers(tx: Tx, tenantId: number): Promise<number | undefined> {
    const [row] = await tx
      .select({ max: planos.maxUsuarios })
      .from(tenants)
      .innerJoin(planos, eq(planos.id, tenants.planoId))
      .where(eq(tenants.id, tenantId));
    return row?.max;
  },

  async countUsers(tx: Tx, tenantId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(usuarios).where(eq(usuarios.tenantId, tenantId));
    return Number(row?.n ?? 0);
  },

  /** Users on the protected Administrador profile, other than `exceptId`. */
  async countAdministrators(tx: Tx, tenantId: number, exceptId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(usuarios)
      .innerJoin(perfis, and(eq(perfis.id, usuarios.perfilId), eq(perfis.tenantId, usuarios.tenantId)))
      .where(and(eq(usuarios.tenantId, tenantId), eq(perfis.protegido, true), ne(usuarios.id, exceptId)));
    return Number(row?.n ?? 0);
  },

  listUsers(tx: Tx, tenantId: number): Promise<UserRow[]> {
    return selectUsers(tx, tenantId).orderBy(asc(usuarios.nome), asc(usuarios.id));
  },

  async findUser(tx: Tx, tenantId: number, id: number): Promise<UserRow | undefined> {
    const [row] = await tx
      .select(userColumns)
      .from(usuarios)
      .innerJoin(perfis, and(eq(perfis.id, usuarios.perfilId), eq(perfis.tenantId, usuarios.tenantId)))
      .where(and(eq(usuarios.tenantId, tenantId), eq(usuarios.id, id)));
    return row;
  },

  async insertUsuario(
    tx: Tx,
    tenantId: number,
    u: { nome: string; email: string; perfilId: number; dataCadastro: Date },
  ): Promise<number> {
    const [row] = await tx
      .insert(usuarios)
      // Login is by e-mail: the login name is the e-mail, and no password exists until the invitation is used.
      .values({
        tenantId,
        nome: u.nome,
        nomeLogin: u.email,
        email: u.email,
        perfilId: u.perfilId,
        senhaHash: null,
        dataCadastro: u.dataCadastro,
      })
      .returning({ id: usuarios.id });
    return row!.id;
  },

  async updateUser(tx: Tx, tenantId: number, id: number, u: { nome: string; email: string; perfilId: number }) {
    await tx
      .update(usuarios)
      .set({ nome: u.nome, email: u.email, nomeLogin: u.email, perfilId: u.perfilId })
      .where(and(eq(usuarios.tenantId, tenantId), eq(usuarios.id, id)));
  },

  async deleteUser(tx: Tx, tenantId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(usuarios)
      .where(and(eq(usuarios.tenantId, tenantId), eq(usuarios.id, id)))
      .returning({ id: usuarios.id });
    return rows.length === 1;
  },

  listProfiles(tx: Tx, tenantId: number) {
    return tx
      .select({ id: perfis.id, nome: perfis.nome })
      .from(perfis)
      .where(eq(perfis.tenantId, tenantId))
      .orderBy(asc(perfis.nome), asc(perfis.id));
  },

  async findProfile(tx: Tx, tenantId: number, id: number) {
    const [row] = await tx
      .select({ id: perfis.id, nome: perfis.nome, protegido: perfis.protegido })
      .from(perfis)
      .where(and(eq(perfis.tenantId, tenantId), eq(perfis.id, id)));
    return row;
  },

  /** The tenant's CNPJs within the caller's scope (decision 0020). */
  tenantCnpjs(tx: Tx, tenantId: number, scope: UserScope) {
    return tx
      .select(cnpjColumns)
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), scopeSql.cnpj(scope, cnpjs.id)))
      .orderBy(...cnpjOrder);
  },

  /** A user's CNPJs; with `scope`, only those within the caller's scope. */
  userCnpjs(tx: Tx, tenantId: number, usuarioId: number, scope?: UserScope) {
    return tx
      .select(cnpjColumns)
      .from(usuarioCnpjs)
      .innerJoin(cnpjs, and(eq(cnpjs.id, usuarioCnpjs.cnpjId), eq(cnpjs.tenantId, usuarioCnpjs.tenantId)))
      .where(
        and(
          eq(usuarioCnpjs.tenantId, tenantId),
          eq(usuarioCnpjs.usuarioId, usuarioId),
          scope ? scopeSql.cnpj(scope, cnpjs.id) : undefined,
        ),
      )
      .orderBy(...cnpjOrder);
  },

  /** The cost centres the caller may use (decision 0020: allowed ones, not their ancestors). */
  tenantCostCentres(tx: Tx, tenantId: number, scope: UserScope) {
    return tx
      .select(centroColumns)
      .from(centrosCusto)
      .where(
        and(eq(centrosCusto.tenantId, tenantId), scopeSql.centroCusto(scope, centrosCusto.cnpjId, centrosCusto.id)),
      )
      .orderBy(...centroOrder);
  },

  /** A user's cost centres; with `scope`, only those the caller may use. */
  userCostCentres(tx: Tx, tenantId: number, usuarioId: number, scope?: UserScope) {
    return tx
      .select(centroColumns)
      .from(usuarioCentrosCusto)
      .innerJoin(
        centrosCusto,
        and(
          eq(centrosCusto.id, usuarioCentrosCusto.centroCustoId),
          eq(centrosCusto.tenantId, usuarioCentrosCusto.tenantId),
        ),
      )
      .where(
        and(
          eq(usuarioCentrosCusto.tenantId, tenantId),
          eq(usuarioCentrosCusto.usuarioId, usuarioId),
          scope ? scopeSql.centroCusto(scope, centrosCusto.cnpjId, centrosCusto.id) : undefined,
        ),
      )
      .orderBy(...centroOrder);
  },

  /** Which of `ids` are CNPJs of the tenant. */
  async existingCnpjIds(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: cnpjs.id })
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), inArray(cnpjs.id, [...ids])));
    return new Set(rows.map((r) => r.id));
  },

  /** The tenant's cost centres among `ids`, with their company. */
  async costCentresByIds(tx: Tx, tenantId: number, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: centrosCusto.id, cnpjId: centrosCusto.cnpjId })
      .from(centrosCusto)
      .where(and(eq(centrosCusto.tenantId, tenantId), inArray(centrosCusto.id, [...ids])));
  },

  async addCnpjs(tx: Tx, tenantId: number, usuarioId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .insert(usuarioCnpjs)
      .values(ids.map((cnpjId) => ({ tenantId, usuarioId, cnpjId })))
      .onConflictDoNothing();
  },

  async removeCnpjs(tx: Tx, tenantId: number, usuarioId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .delete(usuarioCnpjs)
      .where(
        and(
          eq(usuarioCnpjs.tenantId, tenantId),
          eq(usuarioCnpjs.usuarioId, usuarioId),
          inArray(usuarioCnpjs.cnpjId, [...ids]),
        ),
      );
  },

  async addCostCentres(tx: Tx, tenantId: number, usuarioId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .insert(usuarioCentrosCusto)
      .values(ids.map((centroCustoId) => ({ tenantId, usuarioId, centroCustoId })))
      .onConflictDoNothing();
  },

  async removeCostCentres(tx: Tx, tenantId: number, usuarioId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .delete(usuarioCentrosCusto)
      .where(
        and(
          eq(usuarioCentrosCusto.tenantId, tenantId),
          eq(usuarioCentrosCusto.usuarioId, usuarioId),
          inArray(usuarioCentrosCusto.centroCustoId, [...ids]),
        ),
      );
  },

  /** Drops the user's cost centres of companies no longer assigned to the user. */
  async removeCostCentresOutside(tx: Tx, tenantId: number, usuarioId: number, cnpjIds: readonly number[]) {
    const outside = tx
      .select({ id: centrosCusto.id })
      .from(centrosCusto)
      .where(
        and(
          eq(centrosCusto.tenantId, tenantId),
          cnpjIds.length === 0 ? sql`true` : notInArray(centrosCusto.cnpjId, [...cnpjIds]),
        ),
      );
    await tx
      .delete(usuarioCentrosCusto)
      .where(
        and(
          eq(usuarioCentrosCusto.tenantId, tenantId),
          eq(usuarioCentrosCusto.usuarioId, usuarioId),
          inArray(usuarioCentrosCusto.centroCustoId, outside),
        ),
      );
  },
};
