import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { calendario } from '@jornada/contracts';
import {
  cargos,
  centrosCusto,
  cidades,
  cnpjs,
  estados,
  feriadoCargos,
  feriadoCentrosCusto,
  feriadoFuncionariosExcecao,
  feriados,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';

/** A holiday's own columns (the links live in their tables). */
export interface FeriadoColumns {
  data: string;
  descricao: string;
  abrangencia: number;
  fixo: boolean;
  regraPascoa: calendario.RegraPascoa | null;
  estadoId: number | null;
  cidadeId: number | null;
}

export interface FeriadoRow extends FeriadoColumns {
  id: number;
  estado: { id: number; uf: string; nome: string } | null;
  cidade: { id: number; nome: string } | null;
}

/** What a holiday is tied to: its scope list and its exceptions. */
export interface FeriadoLinks {
  cargos: number[];
  centrosCustos: number[];
  excecoes: { cargos: number[]; centrosCustos: number[]; funcionarios: number[] };
}

export interface ItemLista {
  id: number;
  codigo: string;
  nome: string;
}

const columns = {
  id: feriados.id,
  data: feriados.data,
  descricao: feriados.descricao,
  abrangencia: feriados.abrangencia,
  fixo: feriados.fixo,
  regraPascoa: feriados.regraPascoa,
  estadoId: feriados.estadoId,
  cidadeId: feriados.cidadeId,
  estadoUf: estados.uf,
  estadoNome: estados.nome,
  cidadeNome: cidades.nome,
};

type Selected = {
  id: number;
  data: string;
  descricao: string;
  abrangencia: number;
  fixo: boolean;
  regraPascoa: string | null;
  estadoId: number | null;
  cidadeId: number | null;
  estadoUf: string | null;
  estadoNome: string | null;
  cidadeNome: string | null;
};

const toRow = (r: Selected): FeriadoRow => ({
  id: r.id,
  data: r.data,
  descricao: r.descricao,
  abrangencia: r.abrangencia,
  fixo: r.fixo,
  regraPascoa: r.regraPascoa as calendario.RegraPascoa | null,
  estadoId: r.estadoId,
  cidadeId: r.cidadeId,
  estado: r.estadoId === null ? null : { id: r.estadoId, uf: r.estadoUf ?? '', nome: r.estadoNome ?? '' },
  cidade: r.cidadeId === null ? null : { id: r.cidadeId, nome: r.cidadeNome ?? '' },
});

const emptyLinks = (): FeriadoLinks => ({
  cargos: [],
  centrosCustos: [],
  excecoes: { cargos: [], centrosCustos: [], funcionarios: [] },
});

const SMALLINT_MAX = 32_767;

const yearRange = (ano: number) => {
  const y = (n: number) => String(n).padStart(4, '0');
  return { from: `${y(ano)}-01-01`, to: ano >= 9999 ? null : `${y(ano + 1)}-01-01` };
};

/** SQL only: holidays, their links, and the lookups their form needs. */
export const feriadosRepository = {
  async listYear(tx: Tx, tenantId: number, ano: number): Promise<FeriadoRow[]> {
    const { from, to } = yearRange(ano);
    const rows = await tx
      .select(columns)
      .from(feriados)
      .leftJoin(estados, eq(estados.id, feriados.estadoId))
      .leftJoin(cidades, eq(cidades.id, feriados.cidadeId))
      .where(
        and(eq(feriados.tenantId, tenantId), gte(feriados.data, from), ...(to === null ? [] : [lt(feriados.data, to)])),
      )
      .orderBy(asc(feriados.data), asc(feriados.descricao), asc(feriados.id));
    return rows.map(toRow);
  },

  /**
   * The holidays the calculation of [de, ate] needs: fixed ones of any year
   * (they repeat every year, spec §4.2) and the others dated inside the range.
   */
  paraCalculo(tx: Tx, tenantId: number, de: string, ate: string) {
    return tx
      .select({
        id: feriados.id,
        data: feriados.data,
        descricao: feriados.descricao,
        abrangencia: feriados.abrangencia,
        fixo: feriados.fixo,
        estadoId: feriados.estadoId,
        cidadeId: feriados.cidadeId,
      })
      .from(feriados)
      .where(
        and(
          eq(feriados.tenantId, tenantId),
          sql`(${feriados.fixo} OR ${feriados.data} BETWEEN ${de}::date AND ${ate}::date)`,
        ),
      )
      .orderBy(asc(feriados.data), asc(feriados.id));
  },

  async find(tx: Tx, tenantId: number, id: number): Promise<FeriadoRow | undefined> {
    const rows = await tx
      .select(columns)
      .from(feriados)
      .leftJoin(estados, eq(estados.id, feriados.estadoId))
      .leftJoin(cidades, eq(cidades.id, feriados.cidadeId))
      .where(and(eq(feriados.tenantId, tenantId), eq(feriados.id, id)));
    return rows[0] ? toRow(rows[0]) : undefined;
  },

  /** The links of each holiday, by holiday id (every id present, empty when it has none). */
  async links(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, FeriadoLinks>> {
    const out = new Map(ids.map((id) => [id, emptyLinks()]));
    if (ids.length === 0) return out;
    // One after the other: a transaction is one connection (pg refuses queries queued on a busy client).
    const cg = await tx
      .select({ feriadoId: feriadoCargos.feriadoId, id: feriadoCargos.cargoId, excecao: feriadoCargos.excecao })
      .from(feriadoCargos)
      .where(and(eq(feriadoCargos.tenantId, tenantId), inArray(feriadoCargos.feriadoId, [...ids])))
      .orderBy(asc(feriadoCargos.cargoId));
    const cc = await tx
      .select({
        feriadoId: feriadoCentrosCusto.feriadoId,
        id: feriadoCentrosCusto.centroCustoId,
        excecao: feriadoCentrosCusto.excecao,
      })
      .from(feriadoCentrosCusto)
      .where(and(eq(feriadoCentrosCusto.tenantId, tenantId), inArray(feriadoCentrosCusto.feriadoId, [...ids])))
      .orderBy(asc(feriadoCentrosCusto.centroCustoId));
    const fu = await tx
      .select({ feriadoId: feriadoFuncionariosExcecao.feriadoId, id: feriadoFuncionariosExcecao.funcionarioId })
      .from(feriadoFuncionariosExcecao)
      .where(
        and(eq(feriadoFuncionariosExcecao.tenantId, tenantId), inArray(feriadoFuncionariosExcecao.feriadoId, [...ids])),
      )
      .orderBy(asc(feriadoFuncionariosExcecao.funcionarioId));
    for (const l of cg) {
      const links = out.get(l.feriadoId)!;
      (l.excecao ? links.excecoes.cargos : links.cargos).push(l.id);
    }
    for (const l of cc) {
      const links = out.get(l.feriadoId)!;
      (l.excecao ? links.excecoes.centrosCustos : links.centrosCustos).push(l.id);
    }
    for (const l of fu) out.get(l.feriadoId)!.excecoes.funcionarios.push(l.id);
    return out;
  },

  async insert(tx: Tx, tenantId: number, values: FeriadoColumns): Promise<number> {
    const [row] = await tx
      .insert(feriados)
      .values({ ...values, tenantId })
      .returning({ id: feriados.id });
    return row!.id;
  },

  /**
   * Inserts many holidays, skipping any that already exists (the unique index
   * decides, so two concurrent runs never double one). Sorted, so concurrent
   * runs take the index entries in one order. Returns the inserted ones.
   */
  async insertMissing(
    tx: Tx,
    tenantId: number,
    rows: readonly FeriadoColumns[],
  ): Promise<(FeriadoColumns & { id: number })[]> {
    if (rows.length === 0) return [];
    const sorted = [...rows].sort((a, b) =>
      a.data === b.data ? a.descricao.localeCompare(b.descricao) : a.data < b.data ? -1 : 1,
    );
    const inserted = await tx
      .insert(feriados)
      .values(sorted.map((r) => ({ ...r, tenantId })))
      .onConflictDoNothing()
      .returning({
        id: feriados.id,
        data: feriados.data,
        descricao: feriados.descricao,
        abrangencia: feriados.abrangencia,
        fixo: feriados.fixo,
        regraPascoa: feriados.regraPascoa,
        estadoId: feriados.estadoId,
        cidadeId: feriados.cidadeId,
      });
    return inserted.map((r) => ({ ...r, regraPascoa: r.regraPascoa as calendario.RegraPascoa | null }));
  },

  async update(tx: Tx, tenantId: number, id: number, values: FeriadoColumns): Promise<boolean> {
    const rows = await tx
      .update(feriados)
      .set(values)
      .where(and(eq(feriados.tenantId, tenantId), eq(feriados.id, id)))
      .returning({ id: feriados.id });
    return rows.length === 1;
  },

  async delete(tx: Tx, tenantId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(feriados)
      .where(and(eq(feriados.tenantId, tenantId), eq(feriados.id, id)))
      .returning({ id: feriados.id });
    return rows.length === 1;
  },

  /** Writes the holiday's links: the scope lists always; the exceptions only when given. */
  async replaceLinks(
    tx: Tx,
    tenantId: number,
    feriadoId: number,
    links: Omit<FeriadoLinks, 'excecoes'> & { excecoes?: FeriadoLinks['excecoes'] | undefined },
  ): Promise<void> {
    const mine = (t: typeof feriadoCargos | typeof feriadoCentrosCusto) =>
      and(eq(t.tenantId, tenantId), eq(t.feriadoId, feriadoId));
    const exc = links.excecoes;
    await tx
      .delete(feriadoCargos)
      .where(exc ? mine(feriadoCargos) : and(mine(feriadoCargos), eq(feriadoCargos.excecao, false)));
    await tx
      .delete(feriadoCentrosCusto)
      .where(exc ? mine(feriadoCentrosCusto) : and(mine(feriadoCentrosCusto), eq(feriadoCentrosCusto.excecao, false)));
    const cargoRows = [
      ...links.cargos.map((cargoId) => ({ tenantId, feriadoId, cargoId, excecao: false })),
      ...(exc?.cargos ?? []).map((cargoId) => ({ tenantId, feriadoId, cargoId, excecao: true })),
    ];
    const centroRows = [
      ...links.centrosCustos.map((centroCustoId) => ({ tenantId, feriadoId, centroCustoId, excecao: false })),
      ...(exc?.centrosCustos ?? []).map((centroCustoId) => ({ tenantId, feriadoId, centroCustoId, excecao: true })),
    ];
    if (cargoRows.length) await tx.insert(feriadoCargos).values(cargoRows);
    if (centroRows.length) await tx.insert(feriadoCentrosCusto).values(centroRows);
    if (exc) {
      await tx
        .delete(feriadoFuncionariosExcecao)
        .where(
          and(eq(feriadoFuncionariosExcecao.tenantId, tenantId), eq(feriadoFuncionariosExcecao.feriadoId, feriadoId)),
        );
      if (exc.funcionarios.length) {
        await tx
          .insert(feriadoFuncionariosExcecao)
          .values(exc.funcionarios.map((funcionarioId) => ({ tenantId, feriadoId, funcionarioId })));
      }
    }
  },

  /** Copies every link of `from` to `to` (a copied holiday keeps its lists and exceptions). */
  async copyLinks(tx: Tx, tenantId: number, from: number, to: number): Promise<void> {
    await tx.execute(sql`
      INSERT INTO feriado_cargos (tenant_id, feriado_id, cargo_id, excecao)
      SELECT tenant_id, ${to}, cargo_id, excecao FROM feriado_cargos WHERE tenant_id = ${tenantId} AND feriado_id = ${from}`);
    await tx.execute(sql`
      INSERT INTO feriado_centros_custo (tenant_id, feriado_id, centro_custo_id, excecao)
      SELECT tenant_id, ${to}, centro_custo_id, excecao FROM feriado_centros_custo
       WHERE tenant_id = ${tenantId} AND feriado_id = ${from}`);
    await tx.execute(sql`
      INSERT INTO feriado_funcionarios_excecao (tenant_id, feriado_id, funcionario_id)
      SELECT tenant_id, ${to}, funcionario_id FROM feriado_funcionarios_excecao
       WHERE tenant_id = ${tenantId} AND feriado_id = ${from}`);
  },

  /** The tenant's positions among `ids`, with what a list shows. */
  async cargosByIds(tx: Tx, tenantId: number, ids: readonly number[]): Promise<ItemLista[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: cargos.id, codigo: cargos.codigo, nome: cargos.nome })
      .from(cargos)
      .where(and(eq(cargos.tenantId, tenantId), inArray(cargos.id, [...ids])))
      .orderBy(asc(cargos.nome));
  },

  /**
   * The cost centres the caller may use (decision 0020: those of the caller's
   * companies; inside a company where cost centres are assigned, only those
   * and everything below them), labelled with their company.
   */
  async centrosCustoNoEscopo(
    tx: Tx,
    tenantId: number,
    scope: UserScope,
  ): Promise<(ItemLista & { tipo: number; cnpj: string })[]> {
    const rows = await tx
      .select({
        id: centrosCusto.id,
        codigo: centrosCusto.codigo,
        nome: centrosCusto.nome,
        tipo: centrosCusto.tipo,
        cnpj: cnpjs.razaoSocial,
      })
      .from(centrosCusto)
      .innerJoin(cnpjs, and(eq(cnpjs.id, centrosCusto.cnpjId), eq(cnpjs.tenantId, centrosCusto.tenantId)))
      .where(
        and(eq(centrosCusto.tenantId, tenantId), scopeSql.centroCusto(scope, centrosCusto.cnpjId, centrosCusto.id)),
      )
      .orderBy(asc(cnpjs.razaoSocial), asc(centrosCusto.codigo), asc(centrosCusto.id));
    return rows.map((r) => ({ ...r, tipo: Number(r.tipo) }));
  },

  /** Ids among `ids` that are cost centres of the tenant (in or out of anyone's scope). */
  async centrosCustoExistentes(tx: Tx, tenantId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: centrosCusto.id })
      .from(centrosCusto)
      .where(and(eq(centrosCusto.tenantId, tenantId), inArray(centrosCusto.id, [...ids])));
    return rows.map((r) => r.id);
  },

  async estados(tx: Tx) {
    return tx.select({ id: estados.id, uf: estados.uf, nome: estados.nome }).from(estados).orderBy(asc(estados.nome));
  },

  async estadoExiste(tx: Tx, id: number): Promise<boolean> {
    // States are smallint ids (IBGE 11–53): a larger id names none, and must not reach the smallint comparison.
    if (id > SMALLINT_MAX) return false;
    return (await tx.select({ id: estados.id }).from(estados).where(eq(estados.id, id))).length === 1;
  },

  async cidades(tx: Tx, estadoId: number) {
    if (estadoId > SMALLINT_MAX) return [];
    return tx
      .select({ id: cidades.id, nome: cidades.nome })
      .from(cidades)
      .where(eq(cidades.estadoId, estadoId))
      .orderBy(asc(cidades.nome));
  },

  async cidadeNoEstado(tx: Tx, cidadeId: number, estadoId: number): Promise<boolean> {
    if (estadoId > SMALLINT_MAX) return false;
    const rows = await tx
      .select({ id: cidades.id })
      .from(cidades)
      .where(and(eq(cidades.id, cidadeId), eq(cidades.estadoId, estadoId)));
    return rows.length === 1;
  },
};
