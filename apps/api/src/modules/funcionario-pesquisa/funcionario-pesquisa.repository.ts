import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FuncionarioResumo } from '@jornada/contracts';
import { escalas, funcionarioEscalas, funcionarios } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';
import { buscaFuncionariosSql } from '../../db/funcionario-busca.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';

/** What a search asks for; the text is already normalised by the contract's rule. */
export interface PesquisaFuncionarios {
  cnpjId: number | null;
  /** Cost centres, descendants included (`centrosComFilhos`); null = every cost centre of the company. */
  centroCustoIds: readonly number[] | null;
  ativo: boolean;
  texto: string | null;
  /** Only employees whose current schedule (the open history entry) is this one. */
  escalaId: number | null;
  limite: number;
}

export interface EscalaAtual {
  /** The open `funcionario_escalas` row. */
  id: number;
  funcionarioId: number;
  escalaId: number;
  dataInicio: string;
}

export interface FuncionarioTravado {
  id: number;
  nome: string;
  cnpjId: number;
  centroCustoId: number;
}

const f = funcionarios;
const fe = funcionarioEscalas;
/** As the employee list (decision 0033): at most this many typed words count. */
const PALAVRAS_MAX = 10;

/** SQL only. Every query names the tenant; employee lists also take the caller's scope (decision 0020). */
export const funcionarioPesquisaRepository = {
  listarEscalas(tx: Tx, tenantId: number) {
    return tx
      .select({ id: escalas.id, descricao: escalas.descricao, tipo: escalas.tipo })
      .from(escalas)
      .where(eq(escalas.tenantId, tenantId))
      .orderBy(asc(escalas.descricao), asc(escalas.id));
  },

  async escala(tx: Tx, tenantId: number, id: number) {
    const [row] = await tx
      .select({ id: escalas.id, descricao: escalas.descricao })
      .from(escalas)
      .where(and(eq(escalas.tenantId, tenantId), eq(escalas.id, id)));
    return row;
  },

  /** The tenant's cost centres among these ids, with their company (the caller's scope is checked by the service). */
  async centrosCusto(tx: Tx, tenantId: number, centroIds: readonly number[]) {
    const rows = await queryRows<{ id: number; cnpj_id: number }>(
      tx,
      sql`SELECT id, cnpj_id FROM centros_custo WHERE tenant_id = ${tenantId}
           AND id = ANY(${`{${centroIds.map(Number).join(',')}}`}::int[])`,
    );
    return rows.map((r) => ({ id: Number(r.id), cnpjId: Number(r.cnpj_id) }));
  },

  /**
   * The cost centres given and all their descendants (seed 002 §2: a parent
   * includes its children recursively). Ids of another tenant name nothing:
   * the tenant is in every step. Resolved apart, so the employee query gets
   * plain ids and the planner sees how few employees a small branch holds.
   */
  async centrosComFilhos(tx: Tx, tenantId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`WITH RECURSIVE arvore(id) AS (
            SELECT cc.id FROM centros_custo cc
             WHERE cc.tenant_id = ${tenantId} AND cc.id = ANY(${`{${ids.map(Number).join(',')}}`}::int[])
            UNION
            SELECT filho.id FROM centros_custo filho JOIN arvore ON filho.pai_id = arvore.id
             WHERE filho.tenant_id = ${tenantId})
          SELECT id FROM arvore`,
    );
    return rows.map((r) => Number(r.id));
  },

  /**
   * The employees a picker shows, ordered by name, at most `limite`. The
   * plan follows the indexes: (tenant, cnpj, ativo, nome) for a company,
   * (tenant, centro_custo) for cost centres, and the partial index of open
   * schedule entries (tenant, escala) for a schedule.
   */
  buscar(tx: Tx, tenantId: number, scope: UserScope, p: PesquisaFuncionarios): Promise<FuncionarioResumo[]> {
    const where = and(
      eq(f.tenantId, tenantId),
      eq(f.ativo, p.ativo),
      p.cnpjId === null ? undefined : eq(f.cnpjId, p.cnpjId),
      p.centroCustoIds === null ? undefined : inArray(f.centroCustoId, [...p.centroCustoIds]),
      scopeSql.centroCusto(scope, f.cnpjId, f.centroCustoId),
      // The shared search words and their index (decision 0033); the contract left words of letters and digits.
      buscaFuncionariosSql(tenantId, f.id, p.texto ? p.texto.split(' ').slice(0, PALAVRAS_MAX) : []),
    );
    const columns = { id: f.id, cracha: f.cracha, nome: f.nome, pis: sql<string>`coalesce(${f.pis}, '')` };
    const base =
      p.escalaId === null
        ? tx.select(columns).from(f).where(where)
        : tx
            .select(columns)
            .from(f)
            .innerJoin(
              fe,
              and(
                eq(fe.tenantId, f.tenantId),
                eq(fe.funcionarioId, f.id),
                isNull(fe.dataFinal),
                eq(fe.escalaId, p.escalaId),
              ),
            )
            .where(where);
    return base.orderBy(asc(f.nome), asc(f.id)).limit(p.limite);
  },

  /** Of these ids, the employees of the tenant (and of the company, when given) the caller sees, by name. */
  visiveis(
    tx: Tx,
    tenantId: number,
    scope: UserScope,
    ids: readonly number[],
    cnpjId?: number,
  ): Promise<FuncionarioResumo[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: f.id, cracha: f.cracha, nome: f.nome, pis: sql<string>`coalesce(${f.pis}, '')` })
      .from(f)
      .where(
        and(
          eq(f.tenantId, tenantId),
          inArray(f.id, [...ids]),
          cnpjId === undefined ? undefined : eq(f.cnpjId, cnpjId),
          scopeSql.centroCusto(scope, f.cnpjId, f.centroCustoId),
        ),
      )
      .orderBy(asc(f.nome), asc(f.id));
  },

  /**
   * Locks the employees of a mass move, always in id order so two moves of
   * overlapping selections queue instead of deadlocking. Afterwards the
   * caller reads their schedules with a new statement, which sees what a
   * move that held the locks before has committed.
   */
  travarFuncionarios(tx: Tx, tenantId: number, ids: readonly number[]): Promise<FuncionarioTravado[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: f.id, nome: f.nome, cnpjId: f.cnpjId, centroCustoId: f.centroCustoId })
      .from(f)
      .where(and(eq(f.tenantId, tenantId), inArray(f.id, [...ids])))
      .orderBy(asc(f.id))
      .for('update');
  },

  escalasAtuais(tx: Tx, tenantId: number, funcionarioIds: readonly number[]): Promise<EscalaAtual[]> {
    if (funcionarioIds.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: fe.id, funcionarioId: fe.funcionarioId, escalaId: fe.escalaId, dataInicio: fe.dataInicio })
      .from(fe)
      .where(and(eq(fe.tenantId, tenantId), inArray(fe.funcionarioId, [...funcionarioIds]), isNull(fe.dataFinal)));
  },

  /** Closes the open entries on `dataFinal` and opens one of `escalaId` from `dataInicio` for each employee. */
  async trocarEscalas(
    tx: Tx,
    tenantId: number,
    entradas: readonly EscalaAtual[],
    escalaId: number,
    dataFinal: string,
    dataInicio: string,
  ): Promise<void> {
    if (entradas.length === 0) return;
    await tx
      .update(fe)
      .set({ dataFinal })
      .where(
        and(
          eq(fe.tenantId, tenantId),
          inArray(
            fe.id,
            entradas.map((e) => e.id),
          ),
        ),
      );
    await tx
      .insert(fe)
      .values(entradas.map((e) => ({ tenantId, funcionarioId: e.funcionarioId, escalaId, dataInicio })));
  },
};
