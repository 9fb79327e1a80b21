import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { cidades, cnpjs, empresas, estados, planos, tenants, usuarioCnpjs } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';

/** A CNPJ row with its city and state, as the screens read it. */
const cnpjColumns = {
  id: cnpjs.id,
  numero: cnpjs.numero,
  tipoNumeroDocumento: cnpjs.tipoNumeroDocumento,
  razaoSocial: cnpjs.razaoSocial,
  telefone1: cnpjs.telefone1,
  telefone2: cnpjs.telefone2,
  celular: cnpjs.celular,
  codigoContabil: cnpjs.codigoContabil,
  codigoFilial: cnpjs.codigoFilial,
  principal: cnpjs.principal,
  dataCadastro: cnpjs.dataCadastro,
  tipoLocal: cnpjs.tipoLocal,
  rua: cnpjs.rua,
  numeroEndereco: cnpjs.numeroEndereco,
  complemento: cnpjs.complemento,
  cep: cnpjs.cep,
  bairro: cnpjs.bairro,
  fusoHorario: cnpjs.fusoHorario,
  cidadeId: cidades.id,
  cidadeNome: cidades.nome,
  estadoId: estados.id,
  uf: estados.uf,
};

export type CnpjRow = Awaited<ReturnType<typeof selectCnpjs>>[number];

function selectCnpjs(tx: Tx) {
  return tx
    .select(cnpjColumns)
    .from(cnpjs)
    .leftJoin(cidades, eq(cidades.id, cnpjs.cidadeId))
    .leftJoin(estados, eq(estados.id, cidades.estadoId));
}

/** What a save writes to a CNPJ row (the tenant and the main company are added here). */
export interface CnpjValues {
  numero: string;
  tipoNumeroDocumento: string;
  razaoSocial: string;
  telefone1: string;
  telefone2: string | null;
  celular: string | null;
  codigoContabil: string | null;
  codigoFilial: string | null;
  tipoLocal: string;
  rua: string;
  numeroEndereco: string;
  complemento: string | null;
  cep: string;
  bairro: string;
  cidadeId: number;
  fusoHorario: string;
}

/** SQL only. Every query names the tenant (RLS checks it again); lists take the user's scope. */
export const empresasRepository = {
  /** The user's companies, the main one first, then by name. */
  listCnpjs(tx: Tx, tenantId: number, scope: UserScope) {
    return selectCnpjs(tx)
      .where(and(eq(cnpjs.tenantId, tenantId), scopeSql.cnpj(scope, cnpjs.id)))
      .orderBy(desc(cnpjs.principal), asc(cnpjs.razaoSocial), asc(cnpjs.id));
  },

  async findCnpj(tx: Tx, tenantId: number, id: number): Promise<CnpjRow | undefined> {
    const rows = await selectCnpjs(tx).where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.id, id)));
    return rows[0];
  },

  async findCnpjByNumero(tx: Tx, tenantId: number, numero: string): Promise<{ id: number } | undefined> {
    const rows = await tx
      .select({ id: cnpjs.id })
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.numero, numero)));
    return rows[0];
  },

  listEstados(tx: Tx) {
    return tx.select({ id: estados.id, uf: estados.uf, nome: estados.nome }).from(estados).orderBy(asc(estados.uf));
  },

  async estadoExists(tx: Tx, id: number): Promise<boolean> {
    return (await tx.select({ id: estados.id }).from(estados).where(eq(estados.id, id))).length === 1;
  },

  listCidades(tx: Tx, estadoId: number) {
    return tx
      .select({ id: cidades.id, nome: cidades.nome })
      .from(cidades)
      .where(eq(cidades.estadoId, estadoId))
      .orderBy(asc(cidades.nome), asc(cidades.id));
  },

  async findCidade(tx: Tx, id: number) {
    const rows = await tx
      .select({ id: cidades.id, nome: cidades.nome, estadoId: cidades.estadoId, fusoHorario: cidades.fusoHorario })
      .from(cidades)
      .where(eq(cidades.id, id));
    return rows[0];
  },

  async mainCompany(tx: Tx, tenantId: number) {
    const rows = await tx
      .select({
        id: empresas.id,
        nome: empresas.nome,
        diaInicioFechamento: empresas.diaInicioFechamento,
        diaFinalFechamento: empresas.diaFinalFechamento,
      })
      .from(empresas)
      .where(eq(empresas.tenantId, tenantId));
    return rows[0];
  },

  /**
   * Locks the tenant's main company row until the transaction ends: creations
   * of CNPJs of one tenant run one after the other, so the plan's limit is
   * counted on committed rows only (the tenants row cannot be locked by the
   * app role, which only reads it).
   */
  async lockMainCompany(tx: Tx, tenantId: number): Promise<{ id: number } | undefined> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM empresas WHERE tenant_id = ${tenantId} FOR UPDATE`,
    );
    return rows[0] ? { id: Number(rows[0].id) } : undefined;
  },

  async maxCnpjsOfPlan(tx: Tx, tenantId: number): Promise<number | undefined> {
    const rows = await tx
      .select({ max: planos.maxCnpjs })
      .from(tenants)
      .innerJoin(planos, eq(planos.id, tenants.planoId))
      .where(eq(tenants.id, tenantId));
    return rows[0]?.max;
  },

  async countCnpjs(tx: Tx, tenantId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(cnpjs).where(eq(cnpjs.tenantId, tenantId));
    return Number(row?.n ?? 0);
  },

  async insertCnpj(tx: Tx, tenantId: number, empresaId: number, values: CnpjValues): Promise<{ id: number }> {
    const [row] = await tx
      .insert(cnpjs)
      .values({ ...values, tenantId, empresaId, principal: false })
      .returning({ id: cnpjs.id });
    return row!;
  },

  async updateCnpj(tx: Tx, tenantId: number, id: number, values: CnpjValues): Promise<boolean> {
    const rows = await tx
      .update(cnpjs)
      .set(values)
      .where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.id, id)))
      .returning({ id: cnpjs.id });
    return rows.length === 1;
  },

  async assignCnpjToUser(tx: Tx, tenantId: number, usuarioId: number, cnpjId: number): Promise<void> {
    await tx.insert(usuarioCnpjs).values({ tenantId, usuarioId, cnpjId }).onConflictDoNothing();
  },

  async updateClosingPeriod(tx: Tx, tenantId: number, diaInicio: number, diaFinal: number): Promise<boolean> {
    const rows = await tx
      .update(empresas)
      .set({ diaInicioFechamento: diaInicio, diaFinalFechamento: diaFinal })
      .where(eq(empresas.tenantId, tenantId))
      .returning({ id: empresas.id });
    return rows.length === 1;
  },
};
