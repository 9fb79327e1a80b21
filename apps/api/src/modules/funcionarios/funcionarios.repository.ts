import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { buscaFuncionariosSql, reindexarBuscaFuncionarios } from '../../db/funcionario-busca.js';
import { bumpDataVersion } from '../../db/data-versions.js';
import { queryRows, queryRowsPrepared } from '../../db/client.js';
import {
  cargos,
  centrosCusto,
  cnpjs,
  escalas,
  funcionarioAfastamentos,
  funcionarioCargos,
  funcionarioEscalas,
  funcionarioFotos,
  funcionarios,
  motivosAfastamento,
  planos,
  tenants,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';

const f = funcionarios;

/** An employee as the service reads it (documents as digits, dates yyyy-mm-dd). */
export interface FuncionarioRow {
  id: number;
  cnpjId: number;
  centroCustoId: number;
  nome: string;
  nomeCurto: string | null;
  dataNascimento: string | null;
  cpf: string;
  pis: string | null;
  email: string | null;
  cracha: string;
  registro: string;
  dataAdmissao: string;
  dataDemissao: string | null;
  dataAtivacao: string;
  ativo: boolean;
  /** A keypad PIN is stored: the row never carries the PIN itself, not even encrypted (decision 0065). */
  possuiSenhaTeclado: boolean;
  duplaVerificacao: boolean;
  criadoEm: Date;
}
export type FuncionarioValues = Omit<FuncionarioRow, 'id' | 'criadoEm' | 'possuiSenhaTeclado'> & {
  /** The PIN as `keypadPinCipher` encrypted it, or null (none). */
  senhaTecladoCifrada: string | null;
};

const columns = {
  id: f.id,
  cnpjId: f.cnpjId,
  centroCustoId: f.centroCustoId,
  nome: f.nome,
  nomeCurto: f.nomeCurto,
  dataNascimento: f.dataNascimento,
  cpf: f.cpf,
  pis: f.pis,
  email: f.email,
  cracha: f.cracha,
  registro: f.registro,
  dataAdmissao: f.dataAdmissao,
  dataDemissao: f.dataDemissao,
  dataAtivacao: f.dataAtivacao,
  ativo: f.ativo,
  possuiSenhaTeclado: sql<boolean>`(${f.senhaTecladoCifrada} IS NOT NULL)`,
  duplaVerificacao: f.duplaVerificacao,
  criadoEm: f.criadoEm,
};

/** An entry of the schedule or position history: `refId` is the schedule or the position. */
export interface HistoricoRow {
  id: number;
  funcionarioId: number;
  refId: number;
  dataInicio: string;
  dataFinal: string | null;
}

/** The two histories with one shape (seed 001 §3): the open entry is the current one. */
const HISTORICOS = {
  escala: { table: funcionarioEscalas, ref: funcionarioEscalas.escalaId },
  cargo: { table: funcionarioCargos, ref: funcionarioCargos.cargoId },
} as const;
export type Historico = keyof typeof HISTORICOS;

function historico(kind: Historico) {
  const { table: t, ref } = HISTORICOS[kind];
  const cols = {
    id: t.id,
    funcionarioId: t.funcionarioId,
    refId: ref,
    dataInicio: t.dataInicio,
    dataFinal: t.dataFinal,
  };
  return {
    async find(tx: Tx, tenantId: number, id: number): Promise<HistoricoRow | undefined> {
      const [row] = await tx
        .select(cols)
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
      return row;
    },
    /** Newest first. */
    list(tx: Tx, tenantId: number, funcionarioId: number): Promise<HistoricoRow[]> {
      return tx
        .select(cols)
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.funcionarioId, funcionarioId)))
        .orderBy(desc(t.dataInicio), desc(t.id));
    },
    async insert(tx: Tx, tenantId: number, funcionarioId: number, refId: number, dataInicio: string): Promise<void> {
      await tx.insert(t).values({
        tenantId,
        funcionarioId,
        ...(kind === 'escala' ? { escalaId: refId } : { cargoId: refId }),
        dataInicio,
      } as typeof t.$inferInsert);
    },
    async update(
      tx: Tx,
      tenantId: number,
      id: number,
      values: { refId?: number; dataInicio?: string; dataFinal?: string | null },
    ): Promise<void> {
      const set: Record<string, unknown> = {};
      if (values.refId !== undefined) set[kind === 'escala' ? 'escalaId' : 'cargoId'] = values.refId;
      if (values.dataInicio !== undefined) set.dataInicio = values.dataInicio;
      if (values.dataFinal !== undefined) set.dataFinal = values.dataFinal;
      await tx
        .update(t)
        .set(set)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
    },
    async delete(tx: Tx, tenantId: number, id: number): Promise<void> {
      await tx.delete(t).where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
    },
  };
}

/** The list's filter after the service resolved it (decision 0033). */
export interface FiltroFuncionarios {
  cnpjId: number;
  /** undefined = active and inactive (Exportar Todos). */
  ativo?: boolean;
  /** The chosen cost centres with their children; undefined = all. */
  centroCustoIds?: number[];
  /** The typed words (letters and digits only, decision 0033); [] = no text filter. */
  palavras: string[];
  /** Only these employees (picked rows of the export). */
  ids?: number[];
}

/**
 * The list's WHERE. The picked ids and cost centres travel as one array
 * parameter each, so the statement's text — and its prepared plan
 * (queryRowsPrepared) — does not change with how many were picked.
 */
function filtroSql(tenantId: number, scope: UserScope, filtro: FiltroFuncionarios): SQL {
  return and(
    eq(f.tenantId, tenantId),
    eq(f.cnpjId, filtro.cnpjId),
    filtro.ativo === undefined ? undefined : eq(f.ativo, filtro.ativo),
    filtro.centroCustoIds === undefined
      ? undefined
      : filtro.centroCustoIds.length
        ? sql`${f.centroCustoId} = ANY(${sql.param(filtro.centroCustoIds)}::int[])`
        : sql`false`,
    filtro.ids === undefined
      ? undefined
      : filtro.ids.length
        ? sql`${f.id} = ANY(${sql.param(filtro.ids)}::int[])`
        : sql`false`,
    buscaFuncionariosSql(tenantId, f.id, filtro.palavras),
    scopeSql.centroCusto(scope, f.cnpjId, f.centroCustoId),
  )!;
}

/** A row of the list, as the repository answers it (decision 0033). */
export interface FuncionarioLinhaRow {
  id: number;
  cracha: string;
  nome: string;
  pis: string | null;
  cpf: string;
  cargo: string | null;
  centro_custo: string;
  escala: string | null;
  data_cadastro: string;
  data_admissao: string;
  data_ativacao: string;
  ativo: boolean;
}

/** A line of the CSV export, in the column order of COLUNAS_CSV_FUNCIONARIOS. */
export interface FuncionarioCsvRow {
  nome: string;
  pis: string | null;
  cpf: string;
  cracha: string;
  registro: string;
  data_admissao: string;
  cargo: string | null;
  centro_custo: string;
  data_nascimento: string | null;
  email: string | null;
}

export interface ReferenciaRow {
  id: number;
  codigo: string;
  nome: string;
}

/** SQL only: the service decides, the repository reads and writes (every query names the tenant). */
export const funcionariosRepository = {
  escalas: historico('escala'),
  cargos: historico('cargo'),

  /** The search words of these employees, from the row (db/funcionario-busca.ts). */
  reindexarBusca: reindexarBuscaFuncionarios,

  /** The counter the list's cached counts are valid for (decision 0033), bumped with every change of employees. */
  /** In one round trip: the company's time zone and the version the cached counts hold for. */
  async contextoLista(tx: Tx, tenantId: number, chave: string): Promise<{ zona: string | null; versao: number }> {
    const [row] = await queryRowsPrepared<{ zona: string | null; versao: number | null }>(
      tx,
      sql`SELECT (SELECT fuso_horario FROM empresas WHERE tenant_id = ${tenantId}) AS zona,
                 (SELECT versao FROM versoes_dados WHERE tenant_id = ${tenantId} AND chave = ${chave}) AS versao`,
    );
    return { zona: row?.zona ?? null, versao: Number(row?.versao ?? 0) };
  },
  async mudouContagem(tx: Tx, tenantId: number, chave: string): Promise<void> {
    await bumpDataVersion(tx, tenantId, chave);
  },

  /**
   * Serialises the changes to a tenant's set of active employees (creation,
   * re-activation, the import) until the transaction ends, so two requests
   * at the plan's limit cannot both pass the count.
   */
  async lockLimite(tx: Tx, tenantId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('jornada.funcionarios'), ${tenantId}::int)`);
  },

  async maxFuncionarios(tx: Tx, tenantId: number): Promise<number | undefined> {
    const [row] = await tx
      .select({ max: planos.maxFuncionarios })
      .from(tenants)
      .innerJoin(planos, eq(planos.id, tenants.planoId))
      .where(eq(tenants.id, tenantId));
    return row?.max;
  },

  async countAtivos(tx: Tx, tenantId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(f)
      .where(and(eq(f.tenantId, tenantId), eq(f.ativo, true)));
    return Number(row?.n ?? 0);
  },

  /** The employee; `forUpdate` locks the row until the transaction ends (every change of one employee). */
  async find(tx: Tx, tenantId: number, id: number, forUpdate = false): Promise<FuncionarioRow | undefined> {
    const q = tx
      .select(columns)
      .from(f)
      .where(and(eq(f.tenantId, tenantId), eq(f.id, id)));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  /** An active employee of the company with this CPF or badge, other than `exceptId`. */
  async findAtivo(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    by: { cpf: string } | { cracha: string },
    exceptId?: number,
  ): Promise<{ id: number } | undefined> {
    const [row] = await tx
      .select({ id: f.id })
      .from(f)
      .where(
        and(
          eq(f.tenantId, tenantId),
          eq(f.cnpjId, cnpjId),
          eq(f.ativo, true),
          'cpf' in by ? eq(f.cpf, by.cpf) : eq(f.cracha, by.cracha),
          exceptId === undefined ? undefined : ne(f.id, exceptId),
        ),
      )
      .limit(1);
    return row;
  },

  async insert(tx: Tx, tenantId: number, values: FuncionarioValues): Promise<{ id: number }> {
    const [row] = await tx
      .insert(f)
      .values({ tenantId, ...values })
      .returning({ id: f.id });
    return row!;
  },

  /**
   * The encrypted keypad PINs of these employees of the tenant (only those
   * with one): for the time clock's export alone (decision 0065), through
   * `funcionariosService.senhasTecladoParaRelogio`.
   */
  async senhasTecladoCifradas(
    tx: Tx,
    tenantId: number,
    ids: readonly number[],
  ): Promise<{ id: number; cnpjId: number; centroCustoId: number; senhaTecladoCifrada: string }[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: f.id,
        cnpjId: f.cnpjId,
        centroCustoId: f.centroCustoId,
        senhaTecladoCifrada: f.senhaTecladoCifrada,
      })
      .from(f)
      .where(and(eq(f.tenantId, tenantId), inArray(f.id, [...ids]), isNotNull(f.senhaTecladoCifrada)));
    return rows.map((r) => ({ ...r, senhaTecladoCifrada: r.senhaTecladoCifrada! }));
  },

  async update(tx: Tx, tenantId: number, id: number, values: Partial<FuncionarioValues>): Promise<void> {
    await tx
      .update(f)
      .set(values)
      .where(and(eq(f.tenantId, tenantId), eq(f.id, id)));
  },

  async findCnpj(
    tx: Tx,
    tenantId: number,
    id: number,
  ): Promise<{ id: number; numero: string; razaoSocial: string; tipoNumeroDocumento: string } | undefined> {
    const [row] = await tx
      .select({
        id: cnpjs.id,
        numero: cnpjs.numero,
        razaoSocial: cnpjs.razaoSocial,
        tipoNumeroDocumento: cnpjs.tipoNumeroDocumento,
      })
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.id, id)));
    return row;
  },

  async findCentroCusto(
    tx: Tx,
    tenantId: number,
    id: number,
  ): Promise<
    { id: number; cnpjId: number; codigo: string; nome: string; tipo: number; paiId: number | null } | undefined
  > {
    const c = centrosCusto;
    const [row] = await tx
      .select({ id: c.id, cnpjId: c.cnpjId, codigo: c.codigo, nome: c.nome, tipo: c.tipo, paiId: c.paiId })
      .from(c)
      .where(and(eq(c.tenantId, tenantId), eq(c.id, id)));
    return row;
  },

  /** Every cost centre of a company (id and parent): the service expands a chosen one to its children. */
  arvoreCentrosCusto(tx: Tx, tenantId: number, cnpjId: number): Promise<{ id: number; paiId: number | null }[]> {
    const c = centrosCusto;
    return tx
      .select({ id: c.id, paiId: c.paiId })
      .from(c)
      .where(and(eq(c.tenantId, tenantId), eq(c.cnpjId, cnpjId)));
  },

  async findCargo(tx: Tx, tenantId: number, id: number): Promise<ReferenciaRow | undefined> {
    const [row] = await tx
      .select({ id: cargos.id, codigo: cargos.codigo, nome: cargos.nome })
      .from(cargos)
      .where(and(eq(cargos.tenantId, tenantId), eq(cargos.id, id)));
    return row;
  },

  async findEscala(
    tx: Tx,
    tenantId: number,
    id: number,
  ): Promise<{ id: number; descricao: string; tipo: string } | undefined> {
    const [row] = await tx
      .select({ id: escalas.id, descricao: escalas.descricao, tipo: escalas.tipo })
      .from(escalas)
      .where(and(eq(escalas.tenantId, tenantId), eq(escalas.id, id)));
    return row;
  },

  /** The schedules and positions named by history entries, by id. */
  escalasPorId(tx: Tx, tenantId: number, ids: number[]): Promise<{ id: number; descricao: string; tipo: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: escalas.id, descricao: escalas.descricao, tipo: escalas.tipo })
      .from(escalas)
      .where(and(eq(escalas.tenantId, tenantId), inArray(escalas.id, ids)));
  },

  cargosPorId(tx: Tx, tenantId: number, ids: number[]): Promise<ReferenciaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: cargos.id, codigo: cargos.codigo, nome: cargos.nome })
      .from(cargos)
      .where(and(eq(cargos.tenantId, tenantId), inArray(cargos.id, ids)));
  },

  listMotivos(tx: Tx, tenantId: number): Promise<{ id: number; descricao: string; definitivo: boolean }[]> {
    const m = motivosAfastamento;
    return tx
      .select({ id: m.id, descricao: m.descricao, definitivo: m.definitivo })
      .from(m)
      .where(eq(m.tenantId, tenantId))
      .orderBy(asc(m.descricao), asc(m.id));
  },

  async findMotivo(
    tx: Tx,
    tenantId: number,
    id: number,
  ): Promise<{ id: number; descricao: string; definitivo: boolean } | undefined> {
    const m = motivosAfastamento;
    const [row] = await tx
      .select({ id: m.id, descricao: m.descricao, definitivo: m.definitivo })
      .from(m)
      .where(and(eq(m.tenantId, tenantId), eq(m.id, id)));
    return row;
  },

  /** The absence history, newest first, with its reasons. */
  listAfastamentos(tx: Tx, tenantId: number, funcionarioId: number) {
    const a = funcionarioAfastamentos;
    const m = motivosAfastamento;
    return tx
      .select({
        id: a.id,
        dataInicio: a.dataInicio,
        dataFinal: a.dataFinal,
        motivo: { id: m.id, descricao: m.descricao, definitivo: m.definitivo },
      })
      .from(a)
      .innerJoin(m, and(eq(m.tenantId, a.tenantId), eq(m.id, a.motivoId)))
      .where(and(eq(a.tenantId, tenantId), eq(a.funcionarioId, funcionarioId)))
      .orderBy(desc(a.dataInicio), desc(a.id));
  },

  /** The open absence (the situação), the latest when several are open. */
  async afastamentoAberto(
    tx: Tx,
    tenantId: number,
    funcionarioId: number,
  ): Promise<{ id: number; motivoId: number; dataInicio: string } | undefined> {
    const a = funcionarioAfastamentos;
    const [row] = await tx
      .select({ id: a.id, motivoId: a.motivoId, dataInicio: a.dataInicio })
      .from(a)
      .where(and(eq(a.tenantId, tenantId), eq(a.funcionarioId, funcionarioId), isNull(a.dataFinal)))
      .orderBy(desc(a.dataInicio), desc(a.id))
      .limit(1);
    return row;
  },

  async insertAfastamento(tx: Tx, tenantId: number, funcionarioId: number, motivoId: number, dataInicio: string) {
    await tx.insert(funcionarioAfastamentos).values({ tenantId, funcionarioId, motivoId, dataInicio });
  },

  async updateAfastamento(tx: Tx, tenantId: number, id: number, values: { motivoId?: number; dataFinal?: string }) {
    const a = funcionarioAfastamentos;
    await tx
      .update(a)
      .set(values)
      .where(and(eq(a.tenantId, tenantId), eq(a.id, id)));
  },

  async deleteAfastamento(tx: Tx, tenantId: number, id: number) {
    const a = funcionarioAfastamentos;
    await tx.delete(a).where(and(eq(a.tenantId, tenantId), eq(a.id, id)));
  },

  async temFoto(tx: Tx, tenantId: number, funcionarioId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: funcionarioFotos.funcionarioId })
      .from(funcionarioFotos)
      .where(and(eq(funcionarioFotos.tenantId, tenantId), eq(funcionarioFotos.funcionarioId, funcionarioId)));
    return row !== undefined;
  },

  async foto(tx: Tx, tenantId: number, funcionarioId: number): Promise<Buffer | undefined> {
    const [row] = await tx
      .select({ imagem: funcionarioFotos.imagem })
      .from(funcionarioFotos)
      .where(and(eq(funcionarioFotos.tenantId, tenantId), eq(funcionarioFotos.funcionarioId, funcionarioId)));
    return row?.imagem;
  },

  async salvarFoto(tx: Tx, tenantId: number, funcionarioId: number, imagem: Buffer, now: Date): Promise<void> {
    await tx
      .insert(funcionarioFotos)
      .values({ tenantId, funcionarioId, imagem, atualizadoEm: now })
      .onConflictDoUpdate({ target: funcionarioFotos.funcionarioId, set: { imagem, atualizadoEm: now } });
  },

  async excluirFoto(tx: Tx, tenantId: number, funcionarioId: number): Promise<boolean> {
    const rows = await tx
      .delete(funcionarioFotos)
      .where(and(eq(funcionarioFotos.tenantId, tenantId), eq(funcionarioFotos.funcionarioId, funcionarioId)))
      .returning({ id: funcionarioFotos.funcionarioId });
    return rows.length > 0;
  },

  /** Employees (active or not) on a cost centre: it cannot be deleted while there are any. */
  async countNoCentroCusto(tx: Tx, tenantId: number, centroCustoId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(f)
      .where(and(eq(f.tenantId, tenantId), eq(f.centroCustoId, centroCustoId)));
    return Number(row?.n ?? 0);
  },

  /**
   * The filter's ids in list order (name, then id), as one int[] (decision
   * 0059): the list keeps it per data version and pages by slicing it.
   */
  async idsOrdenados(tx: Tx, tenantId: number, scope: UserScope, filtro: FiltroFuncionarios): Promise<Int32Array> {
    const [row] = await queryRowsPrepared<{ ids: string | null }>(
      tx,
      sql`SELECT array_agg(${f.id} ORDER BY ${f.nome}, ${f.id})::text AS ids
            FROM ${f} WHERE ${filtroSql(tenantId, scope, filtro)}`,
    );
    // '{1,2,3}': integers need no quoting inside an array literal.
    const texto = row?.ids;
    if (!texto || texto.length <= 2) return new Int32Array(0);
    return Int32Array.from(texto.slice(1, -1).split(','), Number);
  },

  /**
   * The rows of one page, by its ids (decision 0033): only those employees
   * get their current position and schedule (the open history entries, one
   * index probe each). The statement is the same for any page, so its plan
   * stays prepared.
   */
  async linhasDaPagina(tx: Tx, tenantId: number, ids: readonly number[], zona: string): Promise<FuncionarioLinhaRow[]> {
    return queryRowsPrepared<FuncionarioLinhaRow>(
      tx,
      sql`
      SELECT f.id, f.cracha, f.nome, f.pis, f.cpf, f.ativo,
             f.data_admissao::text AS data_admissao, f.data_ativacao::text AS data_ativacao,
             (f.criado_em AT TIME ZONE ${zona})::date::text AS data_cadastro,
             cc.nome AS centro_custo,
             (SELECT c.nome FROM funcionario_cargos fc JOIN cargos c ON c.tenant_id = fc.tenant_id AND c.id = fc.cargo_id
               WHERE fc.tenant_id = f.tenant_id AND fc.funcionario_id = f.id AND fc.data_final IS NULL) AS cargo,
             (SELECT e.descricao FROM funcionario_escalas fe JOIN escalas e ON e.tenant_id = fe.tenant_id AND e.id = fe.escala_id
               WHERE fe.tenant_id = f.tenant_id AND fe.funcionario_id = f.id AND fe.data_final IS NULL) AS escala
        FROM funcionarios f
        JOIN centros_custo cc ON cc.tenant_id = f.tenant_id AND cc.id = f.centro_custo_id
       WHERE f.tenant_id = ${tenantId} AND f.id = ANY(${sql.param([...ids])}::int[])
       ORDER BY f.nome, f.id`,
    );
  },

  /**
   * Opens a cursor over the CSV lines of the filter (decision 0033), in the
   * transaction; `lerCursor` fetches the next batch and `fecharCursor` ends it.
   */
  async abrirCursorCsv(tx: Tx, tenantId: number, scope: UserScope, filtro: FiltroFuncionarios): Promise<void> {
    await tx.execute(sql`
      DECLARE funcionarios_csv NO SCROLL CURSOR FOR
      SELECT funcionarios.nome, funcionarios.pis, funcionarios.cpf, funcionarios.cracha, funcionarios.registro,
             funcionarios.data_admissao::text AS data_admissao,
             (SELECT c.codigo FROM funcionario_cargos fc JOIN cargos c ON c.tenant_id = fc.tenant_id AND c.id = fc.cargo_id
               WHERE fc.tenant_id = funcionarios.tenant_id AND fc.funcionario_id = funcionarios.id
                 AND fc.data_final IS NULL) AS cargo,
             cc.codigo AS centro_custo,
             funcionarios.data_nascimento::text AS data_nascimento, funcionarios.email
        FROM funcionarios
        JOIN centros_custo cc ON cc.tenant_id = funcionarios.tenant_id AND cc.id = funcionarios.centro_custo_id
       WHERE ${filtroSql(tenantId, scope, filtro)}
       ORDER BY funcionarios.nome, funcionarios.id`);
  },

  lerCursorCsv(tx: Tx, linhas: number): Promise<FuncionarioCsvRow[]> {
    return queryRows<FuncionarioCsvRow>(tx, sql`FETCH ${sql.raw(String(Math.trunc(linhas)))} FROM funcionarios_csv`);
  },

  async fecharCursorCsv(tx: Tx): Promise<void> {
    await tx.execute(sql`CLOSE funcionarios_csv`);
  },
};
