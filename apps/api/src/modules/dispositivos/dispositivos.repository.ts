import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { TipoDispositivo } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { dispositivosOnline as d, planos, tenants } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

/** A device row as the service reads it. */
export interface DispositivoRow {
  id: number;
  cnpjId: number;
  tipo: TipoDispositivo;
  descricao: string;
  permissoes: Record<string, boolean>;
  ativo: boolean;
  dataCadastro: Date;
  dataAtualizacao: Date | null;
  dataAtivacao: Date | null;
  dataUltimaSincronia: Date | null;
  nomeFuncionario: string;
  codigoAtivacaoCifrado: string | null;
  codigoAtivacaoExpira: Date | null;
}

/** SQL only: the tenant's online punch devices. */
export const dispositivosRepository = {
  /** The employees of `ids` in the company (name included), for the descriptions. */
  funcionariosDaEmpresa(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    ids: readonly number[],
  ): Promise<{ id: number; nome: string }[]> {
    return queryRows(
      tx,
      sql`SELECT id, nome FROM funcionarios
           WHERE tenant_id = ${tenantId} AND cnpj_id = ${cnpjId} AND id = ANY(${sql.param([...ids])}::int[])`,
    );
  },

  /** The company's last active employees by id (the demo's devices). */
  ultimosFuncionarios(tx: Tx, tenantId: number, cnpjId: number, n: number): Promise<{ id: number; nome: string }[]> {
    return queryRows(
      tx,
      sql`SELECT id, nome FROM funcionarios WHERE tenant_id = ${tenantId} AND cnpj_id = ${cnpjId} AND ativo
           ORDER BY id DESC LIMIT ${n}`,
    );
  },

  /** Serialises the tenant's device creations (the plan's count is checked, then written). */
  async travarLimite(tx: Tx, tenantId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('jornada.dispositivos'), ${tenantId}::int)`);
  },

  async contar(tx: Tx, tenantId: number): Promise<{ mob: number; web: number }> {
    const linhas = await tx
      .select({ tipo: d.tipo, n: count() })
      .from(d)
      .where(eq(d.tenantId, tenantId))
      .groupBy(d.tipo);
    const de = (t: string) => Number(linhas.find((l) => l.tipo === t)?.n ?? 0);
    return { mob: de('Mob'), web: de('Web') };
  },

  async limites(tx: Tx, tenantId: number): Promise<{ mob: number; web: number } | undefined> {
    const [l] = await tx
      .select({ mob: planos.maxDispositivosMoveis, web: planos.maxDispositivosWeb })
      .from(tenants)
      .innerJoin(planos, eq(planos.id, tenants.planoId))
      .where(eq(tenants.id, tenantId));
    return l;
  },

  /** Inserts what does not exist yet (one per employee and type); answers how many were created. */
  async inserir(
    tx: Tx,
    linhas: readonly {
      tenantId: number;
      cnpjId: number;
      funcionarioId: number;
      tipo: TipoDispositivo;
      descricao: string;
      permissoes: Record<string, boolean>;
      dataCadastro: Date;
    }[],
  ): Promise<number> {
    if (linhas.length === 0) return 0;
    const r = await tx
      .insert(d)
      .values([...linhas])
      .onConflictDoNothing({ target: [d.tenantId, d.funcionarioId, d.tipo] })
      .returning({ id: d.id });
    return r.length;
  },

  /** A page of the company's devices, with the employee, searched by badge, PIS, CPF or name. */
  async pagina(
    tx: Tx,
    tenantId: number,
    q: { cnpjId: number; busca: string; limite: number; pagina: number },
  ): Promise<{ linhas: DispositivoRow[]; total: number }> {
    const busca = q.busca.trim().toLowerCase();
    const filtro = busca
      ? sql`AND (f.cracha = ${busca} OR ltrim(f.cracha, '0') = ltrim(${busca}, '0') OR f.cpf = ${busca.replace(/\D/g, '') || '-'}
             OR f.pis = ${busca.replace(/\D/g, '') || '-'} OR lower(f.nome) LIKE ${`%${busca}%`})`
      : sql``;
    const linhas = await queryRows<DispositivoRow & { total: number }>(
      tx,
      sql`SELECT d.id, d.cnpj_id AS "cnpjId", d.tipo, d.descricao, d.permissoes, d.ativo,
                 d.data_cadastro AS "dataCadastro", d.data_atualizacao AS "dataAtualizacao",
                 d.data_ativacao AS "dataAtivacao", d.data_ultima_sincronia AS "dataUltimaSincronia",
                 f.nome AS "nomeFuncionario", d.codigo_ativacao_cifrado AS "codigoAtivacaoCifrado",
                 d.codigo_ativacao_expira AS "codigoAtivacaoExpira", count(*) OVER ()::int AS total
            FROM dispositivos_online d JOIN funcionarios f ON f.id = d.funcionario_id
           WHERE d.tenant_id = ${tenantId} AND d.cnpj_id = ${q.cnpjId} ${filtro}
           ORDER BY f.nome, d.tipo, d.id
           LIMIT ${q.limite} OFFSET ${q.pagina * q.limite}`,
    );
    const total = linhas[0]?.total ?? 0;
    return {
      linhas: linhas.map(({ total: _t, ...l }) => ({
        ...l,
        dataCadastro: new Date(l.dataCadastro),
        dataAtualizacao: l.dataAtualizacao && new Date(l.dataAtualizacao),
        dataAtivacao: l.dataAtivacao && new Date(l.dataAtivacao),
        dataUltimaSincronia: l.dataUltimaSincronia && new Date(l.dataUltimaSincronia),
        codigoAtivacaoExpira: l.codigoAtivacaoExpira && new Date(l.codigoAtivacaoExpira),
      })),
      total,
    };
  },

  async buscar(
    tx: Tx,
    tenantId: number,
    id: number,
  ): Promise<{ id: number; cnpjId: number; descricao: string } | undefined> {
    const [l] = await tx
      .select({ id: d.id, cnpjId: d.cnpjId, descricao: d.descricao })
      .from(d)
      .where(and(eq(d.tenantId, tenantId), eq(d.id, id)));
    return l;
  },

  async alterar(
    tx: Tx,
    tenantId: number,
    id: number,
    set: Partial<{
      permissoes: Record<string, boolean>;
      codigoAtivacaoHash: string;
      codigoAtivacaoCifrado: string;
      codigoAtivacaoExpira: Date;
      codigoSenhaHash: string;
      codigoSenhaExpira: Date;
      dataAtualizacao: Date;
    }>,
  ): Promise<void> {
    await tx
      .update(d)
      .set(set)
      .where(and(eq(d.tenantId, tenantId), eq(d.id, id)));
  },

  async excluir(tx: Tx, tenantId: number, ids: readonly number[]): Promise<void> {
    await tx.delete(d).where(and(eq(d.tenantId, tenantId), inArray(d.id, [...ids])));
  },
};
