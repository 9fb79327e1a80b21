import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { cargos, centrosCusto, cnpjs, escalas, funcionarioImportacoes, funcionarios } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

/** One checked line as it waits on the server for Confirmar (documents as digits, dates yyyy-mm-dd). */
export interface LinhaImportada {
  linha: number;
  nome: string;
  pis: string | null;
  cpf: string;
  cracha: string;
  registro: string;
  dataAdmissao: string;
  dataNascimento: string | null;
  email: string | null;
  /** Encrypted as soon as the line is read (decision 0065): the stored import never holds a PIN in clear. */
  senhaTecladoCifrada: string | null;
  cargoId: number;
  centroCustoId: number;
}

/** What an import keeps between the steps (funcionario_importacoes.dados). */
export interface DadosImportacao {
  nomeArquivo: string;
  qtdLinhas: number;
  linhas: LinhaImportada[];
}

/**
 * Bulk inserts: each column travels as one array parameter and `unnest` turns
 * the arrays back into rows, so a statement costs the same few parameters
 * whatever its size (a VALUES list would need one per cell, and building it
 * cost more than writing the rows). Chunks bound the statement's memory.
 */
const LOTE = 5000;

function lotes<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += LOTE) out.push(rows.slice(i, i + LOTE));
  return out;
}

/** A column of `rows` as one array parameter. */
const coluna = <T, V>(rows: readonly T[], pick: (r: T) => V) => sql.param(rows.map(pick));

/** SQL only: the lookups the checks need, the stored import, and the bulk writes of salvar. */
export const funcionariosImportacaoRepository = {
  async findCnpj(tx: Tx, tenantId: number, id: number) {
    const [row] = await tx
      .select({ id: cnpjs.id, numero: cnpjs.numero, razaoSocial: cnpjs.razaoSocial })
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.id, id)));
    return row;
  },

  listCnpjs(tx: Tx, tenantId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: cnpjs.id, numero: cnpjs.numero, razaoSocial: cnpjs.razaoSocial })
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), inArray(cnpjs.id, [...ids])))
      .orderBy(asc(cnpjs.razaoSocial), asc(cnpjs.id));
  },

  listCargos(tx: Tx, tenantId: number) {
    return tx
      .select({ id: cargos.id, codigo: cargos.codigo, nome: cargos.nome })
      .from(cargos)
      .where(eq(cargos.tenantId, tenantId));
  },

  listCentrosCusto(tx: Tx, tenantId: number, cnpjId: number) {
    return tx
      .select({
        id: centrosCusto.id,
        codigo: centrosCusto.codigo,
        nome: centrosCusto.nome,
        cnpjId: centrosCusto.cnpjId,
      })
      .from(centrosCusto)
      .where(and(eq(centrosCusto.tenantId, tenantId), eq(centrosCusto.cnpjId, cnpjId)));
  },

  listEscalas(tx: Tx, tenantId: number) {
    return tx
      .select({ id: escalas.id, descricao: escalas.descricao, tipo: escalas.tipo })
      .from(escalas)
      .where(eq(escalas.tenantId, tenantId))
      .orderBy(asc(escalas.descricao), asc(escalas.id));
  },

  /** The schedule, locked against deletion until the transaction ends. */
  async lockEscala(tx: Tx, tenantId: number, id: number) {
    const [row] = await tx
      .select({ id: escalas.id, descricao: escalas.descricao })
      .from(escalas)
      .where(and(eq(escalas.tenantId, tenantId), eq(escalas.id, id)))
      .for('key share');
    return row;
  },

  /** CPFs and badges of the company's active employees (they are unique among them). */
  documentosAtivos(tx: Tx, tenantId: number, cnpjId: number) {
    return tx
      .select({ cpf: funcionarios.cpf, cracha: funcionarios.cracha })
      .from(funcionarios)
      .where(and(eq(funcionarios.tenantId, tenantId), eq(funcionarios.cnpjId, cnpjId), eq(funcionarios.ativo, true)));
  },

  /** Imports past their time, of this tenant: dropped whenever a new one is stored. */
  async deleteExpired(tx: Tx, tenantId: number, now: Date): Promise<void> {
    await tx
      .delete(funcionarioImportacoes)
      .where(and(eq(funcionarioImportacoes.tenantId, tenantId), lte(funcionarioImportacoes.expiraEm, now)));
  },

  async insertImport(
    tx: Tx,
    v: {
      tenantId: number;
      usuarioId: number | null;
      cnpjId: number;
      dados: DadosImportacao;
      now: Date;
      expiraEm: Date;
    },
  ): Promise<string> {
    const [row] = await tx
      .insert(funcionarioImportacoes)
      .values({
        tenantId: v.tenantId,
        usuarioId: v.usuarioId,
        cnpjId: v.cnpjId,
        dados: v.dados,
        criadoEm: v.now,
        expiraEm: v.expiraEm,
      })
      .returning({ id: funcionarioImportacoes.id });
    return row!.id;
  },

  /**
   * The caller's live import, locked until the transaction ends: a second
   * salvar of the same import waits here, then finds it gone.
   */
  async lockImport(tx: Tx, tenantId: number, id: string, usuarioId: number | null, now: Date) {
    const t = funcionarioImportacoes;
    const [row] = await tx
      .select({ id: t.id, cnpjId: t.cnpjId, dados: t.dados })
      .from(t)
      .where(
        and(
          eq(t.tenantId, tenantId),
          eq(t.id, id),
          usuarioId === null ? isNull(t.usuarioId) : eq(t.usuarioId, usuarioId),
          gt(t.expiraEm, now),
        ),
      )
      .for('update');
    return row && { ...row, dados: row.dados as DadosImportacao };
  },

  async deleteImport(tx: Tx, tenantId: number, id: string): Promise<void> {
    await tx
      .delete(funcionarioImportacoes)
      .where(and(eq(funcionarioImportacoes.tenantId, tenantId), eq(funcionarioImportacoes.id, id)));
  },

  /** The positions among `ids` that still exist, locked against deletion until the transaction ends. */
  async lockCargos(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: cargos.id })
      .from(cargos)
      .where(and(eq(cargos.tenantId, tenantId), inArray(cargos.id, [...ids])))
      .for('key share');
    return new Set(rows.map((r) => r.id));
  },

  /** The cost centres among `ids` that still exist (with their company), locked against deletion. */
  lockCentrosCusto(tx: Tx, tenantId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: centrosCusto.id, cnpjId: centrosCusto.cnpjId })
      .from(centrosCusto)
      .where(and(eq(centrosCusto.tenantId, tenantId), inArray(centrosCusto.id, [...ids])))
      .for('key share');
  },

  /**
   * The employees, in bulk. A CPF or badge taken meanwhile by an active
   * employee of the company (the partial unique indexes) skips that line
   * instead of failing the whole import, and never touches the existing one;
   * a concurrent insert of the same CPF is waited for, then skipped.
   * Answers the created ids by CPF.
   */
  async insertFuncionarios(
    tx: Tx,
    tenantId: number,
    v: { cnpjId: number; dataAtivacao: string; linhas: readonly LinhaImportada[] },
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const l of lotes(v.linhas)) {
      const rows = await queryRows<{ id: number; cpf: string }>(
        tx,
        sql`INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, data_nascimento, cpf, pis, email,
                                      cracha, registro, data_admissao, data_ativacao, ativo, senha_teclado)
            SELECT ${tenantId}::int, ${v.cnpjId}::int, u.centro, u.nome, u.nascimento, u.cpf, u.pis, u.email,
                   u.cracha, u.registro, u.admissao, ${v.dataAtivacao}::date, true, u.senha
              FROM unnest(${coluna(l, (r) => r.centroCustoId)}::int[], ${coluna(l, (r) => r.nome)}::text[],
                          ${coluna(l, (r) => r.dataNascimento)}::date[], ${coluna(l, (r) => r.cpf)}::text[],
                          ${coluna(l, (r) => r.pis)}::text[], ${coluna(l, (r) => r.email)}::text[],
                          ${coluna(l, (r) => r.cracha)}::text[], ${coluna(l, (r) => r.registro)}::text[],
                          ${coluna(l, (r) => r.dataAdmissao)}::date[], ${coluna(l, (r) => r.senhaTecladoCifrada)}::text[])
                   AS u(centro, nome, nascimento, cpf, pis, email, cracha, registro, admissao, senha)
            ON CONFLICT DO NOTHING
            RETURNING id, cpf`,
      );
      for (const r of rows) ids.set(r.cpf, Number(r.id));
    }
    return ids;
  },

  /** The first schedule and position entries of the new employees (the open ones: current). */
  async insertHistoricos(
    tx: Tx,
    tenantId: number,
    escalas: readonly { funcionarioId: number; escalaId: number; dataInicio: string }[],
    cargosHist: readonly { funcionarioId: number; cargoId: number; dataInicio: string }[],
  ): Promise<void> {
    for (const l of lotes(escalas)) {
      await tx.execute(
        sql`INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio)
            SELECT ${tenantId}::int, u.f, u.e, u.d
              FROM unnest(${coluna(l, (r) => r.funcionarioId)}::int[], ${coluna(l, (r) => r.escalaId)}::int[],
                          ${coluna(l, (r) => r.dataInicio)}::date[]) AS u(f, e, d)`,
      );
    }
    for (const l of lotes(cargosHist)) {
      await tx.execute(
        sql`INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio)
            SELECT ${tenantId}::int, u.f, u.c, u.d
              FROM unnest(${coluna(l, (r) => r.funcionarioId)}::int[], ${coluna(l, (r) => r.cargoId)}::int[],
                          ${coluna(l, (r) => r.dataInicio)}::date[]) AS u(f, c, d)`,
      );
    }
  },
};
