import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import {
  autorizacoesSuporte,
  cnpjs,
  empresas,
  perfilPermissoes,
  perfis,
  planos,
  sessoes,
  tenants,
  usuarioCnpjs,
  usuarios,
} from '../../db/schema/index.js';

/** Advisory-lock class of "create a customer": one at a time, so a CNPJ cannot be taken twice at once. */
const CREATE_LOCK = 90_918;

/** A customer with its plan, what it uses and its open support authorisation. */
export interface ClienteRow {
  id: number;
  nome: string;
  ativo: boolean;
  criadoEm: Date;
  cnpjPrincipal: string | null;
  plano: {
    id: number;
    nome: string;
    maxCnpjs: number;
    maxFuncionarios: number;
    maxDispositivosMoveis: number;
    maxDispositivosWeb: number;
    maxUsuarios: number;
  } | null;
  uso: {
    cnpjs: number;
    usuarios: number;
    funcionariosAtivos: number;
    dispositivosMoveis: number;
    dispositivosWeb: number;
  };
  autorizacaoSuporte: { id: number; dataFinal: string; autorizaPor: string } | null;
}

/** The provider's view of its customers (tenants): system path only. The provider's own tenant is never listed. */
export const clientesRepository = {
  /** Refuses the provider's own tenant: it is not a customer (decision 0015). */
  async setAtivo(tx: Tx, tenantId: number, ativo: boolean): Promise<boolean> {
    const rows = await tx
      .update(tenants)
      .set({ ativo })
      .where(and(eq(tenants.id, tenantId), not(tenants.provedor)))
      .returning({ id: tenants.id });
    return rows.length === 1;
  },

  async revokeTenantSessions(tx: Tx, tenantId: number, at: Date): Promise<void> {
    await tx
      .update(sessoes)
      .set({ revogadaEm: at })
      .where(and(eq(sessoes.tenantId, tenantId), isNull(sessoes.revogadaEm)));
  },

  async nomeCliente(tx: Tx, tenantId: number): Promise<{ nome: string; ativo: boolean } | undefined> {
    const [row] = await tx
      .select({ nome: tenants.nome, ativo: tenants.ativo })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), not(tenants.provedor)));
    return row;
  },

  async alterarPlano(tx: Tx, tenantId: number, planoId: number): Promise<boolean> {
    const rows = await tx
      .update(tenants)
      .set({ planoId })
      .where(and(eq(tenants.id, tenantId), not(tenants.provedor)))
      .returning({ id: tenants.id });
    return rows.length === 1;
  },

  async nomePlano(tx: Tx, planoId: number): Promise<string | undefined> {
    const [row] = await tx.select({ nome: planos.nome }).from(planos).where(eq(planos.id, planoId));
    return row?.nome;
  },

  /**
   * Every customer with its usage. Employees and devices have no tables yet
   * (the employee and device registers come in later issues): they count 0
   * until then, and this query gains their counts with those tables.
   */
  async listComUso(tx: Tx, now: Date): Promise<ClienteRow[]> {
    const rows = await queryRows<{
      id: number;
      nome: string;
      ativo: boolean;
      criado_em: string | Date;
      cnpj_principal: string | null;
      plano_id: number | null;
      plano_nome: string | null;
      max_cnpjs: number | null;
      max_funcionarios: number | null;
      max_dispositivos_moveis: number | null;
      max_dispositivos_web: number | null;
      max_usuarios: number | null;
      cnpjs: number;
      usuarios: number;
      funcionarios_ativos: number;
      aut_id: number | null;
      aut_data_final: string | null;
      aut_por: string | null;
    }>(
      tx,
      sql`
      SELECT t.id, t.nome, t.ativo, t.criado_em,
             (SELECT c.numero FROM cnpjs c WHERE c.tenant_id = t.id AND c.principal ORDER BY c.id LIMIT 1) AS cnpj_principal,
             p.id AS plano_id, p.nome AS plano_nome, p.max_cnpjs, p.max_funcionarios, p.max_dispositivos_moveis,
             p.max_dispositivos_web, p.max_usuarios,
             (SELECT count(*)::int FROM cnpjs c WHERE c.tenant_id = t.id) AS cnpjs,
             (SELECT count(*)::int FROM usuarios u WHERE u.tenant_id = t.id AND u.ativo) AS usuarios,
             -- Active employees as the plan's limit counts them (funcionarios garantirLimiteFuncionarios).
             (SELECT count(*)::int FROM funcionarios f WHERE f.tenant_id = t.id AND f.ativo) AS funcionarios_ativos,
             a.id AS aut_id, a.data_final AS aut_data_final, a.autoriza_por AS aut_por
        FROM tenants t
        LEFT JOIN planos p ON p.id = t.plano_id
        LEFT JOIN empresas e ON e.tenant_id = t.id
        LEFT JOIN LATERAL (
          SELECT a.id, a.data_final, a.autoriza_por FROM autorizacoes_suporte a
           WHERE a.tenant_id = t.id AND NOT a.fechado
             AND a.data_final >= to_char(${now.toISOString()}::timestamptz AT TIME ZONE coalesce(e.fuso_horario, 'America/Sao_Paulo'), 'YYYY-MM-DD')
           ORDER BY a.id DESC LIMIT 1) a ON true
       WHERE NOT t.provedor
       ORDER BY t.nome, t.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      nome: r.nome,
      ativo: r.ativo,
      criadoEm: new Date(r.criado_em),
      cnpjPrincipal: r.cnpj_principal,
      plano:
        r.plano_id === null
          ? null
          : {
              id: Number(r.plano_id),
              nome: r.plano_nome!,
              maxCnpjs: Number(r.max_cnpjs),
              maxFuncionarios: Number(r.max_funcionarios),
              maxDispositivosMoveis: Number(r.max_dispositivos_moveis),
              maxDispositivosWeb: Number(r.max_dispositivos_web),
              maxUsuarios: Number(r.max_usuarios),
            },
      uso: {
        cnpjs: Number(r.cnpjs),
        usuarios: Number(r.usuarios),
        funcionariosAtivos: Number(r.funcionarios_ativos),
        dispositivosMoveis: 0,
        dispositivosWeb: 0,
      },
      autorizacaoSuporte:
        r.aut_id === null ? null : { id: Number(r.aut_id), dataFinal: r.aut_data_final!, autorizaPor: r.aut_por! },
    }));
  },

  // ---- Novo cliente

  async lockCreation(tx: Tx): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK}::int, 0)`);
  },

  async cnpjEmUso(tx: Tx, numero: string): Promise<boolean> {
    const [row] = await tx.select({ id: cnpjs.id }).from(cnpjs).where(eq(cnpjs.numero, numero)).limit(1);
    return row !== undefined;
  },

  async insertTenant(tx: Tx, t: { nome: string; planoId: number }): Promise<number> {
    const [row] = await tx.insert(tenants).values(t).returning({ id: tenants.id });
    return row!.id;
  },

  async insertEmpresa(tx: Tx, tenantId: number, nome: string): Promise<number> {
    const [row] = await tx.insert(empresas).values({ tenantId, nome }).returning({ id: empresas.id });
    return row!.id;
  },

  async insertCnpjPrincipal(
    tx: Tx,
    c: { tenantId: number; empresaId: number; numero: string; razaoSocial: string },
  ): Promise<number> {
    const [row] = await tx
      .insert(cnpjs)
      .values({ ...c, principal: true, tipoNumeroDocumento: 'cnpj' })
      .returning({ id: cnpjs.id });
    return row!.id;
  },

  async insertPerfil(tx: Tx, tenantId: number, nome: string, protegido: boolean, codes: readonly number[]) {
    const [perfil] = await tx.insert(perfis).values({ tenantId, nome, protegido }).returning({ id: perfis.id });
    if (codes.length > 0) {
      await tx.insert(perfilPermissoes).values(codes.map((codigo) => ({ tenantId, perfilId: perfil!.id, codigo })));
    }
    return perfil!.id;
  },

  async insertUsuario(
    tx: Tx,
    u: { tenantId: number; nome: string; email: string; senhaHash: string; perfilId: number; cnpjIds: number[] },
  ): Promise<number> {
    const [user] = await tx
      .insert(usuarios)
      .values({
        tenantId: u.tenantId,
        nome: u.nome,
        nomeLogin: u.email,
        email: u.email,
        senhaHash: u.senhaHash,
        perfilId: u.perfilId,
      })
      .returning({ id: usuarios.id });
    await tx
      .insert(usuarioCnpjs)
      .values(u.cnpjIds.map((cnpjId) => ({ tenantId: u.tenantId, usuarioId: user!.id, cnpjId })));
    return user!.id;
  },

  // ---- Acesso de suporte

  /** The customer's open authorisation (newest), locked, with its tenant's state. */
  async lockAutorizacaoAberta(tx: Tx, tenantId: number, now: Date) {
    const rows = await queryRows<{ id: number; data_final: string }>(
      tx,
      sql`
      SELECT a.id, a.data_final FROM autorizacoes_suporte a JOIN empresas e ON e.tenant_id = a.tenant_id
       WHERE a.tenant_id = ${tenantId} AND NOT a.fechado
         AND a.data_final >= to_char(${now.toISOString()}::timestamptz AT TIME ZONE e.fuso_horario, 'YYYY-MM-DD')
       ORDER BY a.id DESC LIMIT 1
       FOR UPDATE OF a`,
    );
    const r = rows[0];
    return r ? { id: Number(r.id), dataFinal: r.data_final } : undefined;
  },

  /** A new one-time code replaces the previous one, used or not. */
  async setRefAcesso(tx: Tx, autorizacaoId: number, hash: string, expiraEm: Date): Promise<void> {
    await tx
      .update(autorizacoesSuporte)
      .set({ refAcessoHash: hash, refAcessoExpiraEm: expiraEm, refAcessoUsadoEm: null })
      .where(eq(autorizacoesSuporte.id, autorizacaoId));
  },
};
