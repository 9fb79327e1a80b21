import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TipoDispositivoApp, UsuarioApp } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { funcionarios, usuariosApp as u } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

const ROTULO: Record<TipoDispositivoApp, string> = { desktop: 'Usuário Desktop', celular: 'Usuário Mobile' };

/** SQL only: the tenant's app users and the employee a mobile one is for. */
export const clienteAppRepository = {
  async listar(tx: Tx, tenantId: number, tipo: TipoDispositivoApp, cnpjIds: readonly number[]): Promise<UsuarioApp[]> {
    if (cnpjIds.length === 0) return [];
    const linhas = await tx
      .select({
        id: u.id,
        nome: u.nome,
        detalhes: u.detalhes,
        login: u.login,
        dataUltimoRefresh: u.dataUltimoRefresh,
        tipo: u.tipo,
        ehAdmin: u.ehAdmin,
        idCnpj: u.cnpjId,
      })
      .from(u)
      .where(and(eq(u.tenantId, tenantId), eq(u.tipo, tipo), inArray(u.cnpjId, [...cnpjIds])))
      .orderBy(asc(u.nome), asc(u.id));
    return linhas.map((l) => ({
      ...l,
      tipo: l.tipo as TipoDispositivoApp,
      clienteApp: ROTULO[l.tipo as TipoDispositivoApp],
      dataUltimoRefresh: l.dataUltimoRefresh?.toISOString() ?? null,
    }));
  },

  async buscar(
    tx: Tx,
    tenantId: number,
    id: number,
  ): Promise<{ id: number; cnpjId: number; tipo: TipoDispositivoApp; login: string; nome: string } | undefined> {
    const [l] = await tx
      .select({ id: u.id, cnpjId: u.cnpjId, tipo: u.tipo, login: u.login, nome: u.nome })
      .from(u)
      .where(and(eq(u.tenantId, tenantId), eq(u.id, id)));
    return l ? { ...l, tipo: l.tipo as TipoDispositivoApp } : undefined;
  },

  /** The company's active employee with this badge (leading zeros aside), or undefined. */
  async funcionarioDoCracha(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    cracha: string,
  ): Promise<{ id: number; nome: string; temUsuario: boolean } | undefined> {
    const [f] = await queryRows<{ id: number; nome: string; temUsuario: boolean }>(
      tx,
      sql`SELECT id, nome,
                 EXISTS (SELECT 1 FROM usuarios_app a WHERE a.tenant_id = f.tenant_id AND a.funcionario_id = f.id)
                   AS "temUsuario"
            FROM ${funcionarios} f
           WHERE tenant_id = ${tenantId} AND cnpj_id = ${cnpjId} AND ativo
             AND ltrim(cracha, '0') = ltrim(${cracha}, '0')
           ORDER BY id LIMIT 1`,
    );
    return f;
  },

  async inserir(
    tx: Tx,
    v: {
      tenantId: number;
      cnpjId: number;
      tipo: TipoDispositivoApp;
      nome: string;
      detalhes: string;
      login: string;
      funcionarioId: number | null;
      ehAdmin: boolean;
      senhaHash: string | null;
      codigoHash: string | null;
      codigoExpiraEm: Date | null;
    },
  ): Promise<number> {
    const [l] = await tx.insert(u).values(v).returning({ id: u.id });
    return l!.id;
  },

  async trocarSegredo(
    tx: Tx,
    tenantId: number,
    id: number,
    s: { senhaHash: string | null; codigoHash: string | null; codigoExpiraEm: Date | null },
  ): Promise<void> {
    await tx
      .update(u)
      .set(s)
      .where(and(eq(u.tenantId, tenantId), eq(u.id, id)));
  },

  async excluir(tx: Tx, tenantId: number, id: number): Promise<void> {
    await tx.delete(u).where(and(eq(u.tenantId, tenantId), eq(u.id, id)));
  },
};
