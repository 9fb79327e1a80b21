import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';

/** An online device found by its activation code (system path: the code alone names its tenant). */
export interface DispositivoDoCodigo {
  id: number;
  tenantId: number;
  tipo: string;
  ativo: boolean;
  funcionarioAtivo: boolean;
  codigoValido: boolean;
}

/** A device's session: what the token found, with its employee's company and zone. */
export interface SessaoDispositivo {
  id: number;
  tenantId: number;
  cnpjId: number;
  funcionarioId: number;
  permissoes: Record<string, boolean>;
  ativo: boolean;
  funcionarioAtivo: boolean;
  fuso: string;
}

export const appFuncionarioRepository = {
  /** The device of an activation code, and whether the code is still good (not expired, not used). */
  async doCodigo(tx: Tx, hash: string, agora: Date): Promise<DispositivoDoCodigo | undefined> {
    const [d] = await queryRows<DispositivoDoCodigo>(
      tx,
      sql`SELECT d.id, d.tenant_id AS "tenantId", d.tipo, d.ativo, f.ativo AS "funcionarioAtivo",
                 (d.codigo_ativacao_expira > ${agora}) AS "codigoValido"
            FROM dispositivos_online d
            JOIN funcionarios f ON f.tenant_id = d.tenant_id AND f.id = d.funcionario_id
            JOIN tenants t ON t.id = d.tenant_id AND t.ativo
           WHERE d.codigo_ativacao_hash = ${hash}`,
    );
    return d;
  },

  /**
   * Redeems the code (tenant path): the device gets the token's hash and
   * what the app said of itself; the code stays known but expired, so a
   * second use is told it was used. Only a code still good at this moment is
   * redeemed (two apps racing one code: one wins).
   */
  async ativar(
    tx: Tx,
    tenantId: number,
    id: number,
    a: { tokenHash: string; instalacao: Record<string, string>; agora: Date },
  ) {
    const [d] = await queryRows<{
      nome: string;
      cpf: string;
      empresa: string;
      fuso: string;
      permissoes: Record<string, boolean>;
    }>(
      tx,
      sql`UPDATE dispositivos_online d
             SET token_hash = ${a.tokenHash}, instalacao = ${JSON.stringify(a.instalacao)}::jsonb,
                 data_ativacao = ${a.agora}, data_atualizacao = ${a.agora},
                 codigo_ativacao_expira = ${a.agora}, codigo_ativacao_cifrado = NULL
            FROM funcionarios f, cnpjs c
           WHERE d.tenant_id = ${tenantId} AND d.id = ${id} AND d.codigo_ativacao_expira > ${a.agora}
             AND f.tenant_id = d.tenant_id AND f.id = d.funcionario_id
             AND c.tenant_id = d.tenant_id AND c.id = d.cnpj_id
       RETURNING f.nome, f.cpf, c.razao_social AS empresa, c.fuso_horario AS fuso, d.permissoes`,
    );
    return d;
  },

  /** The device of a token (system path). */
  async sessao(tx: Tx, hash: string): Promise<SessaoDispositivo | undefined> {
    const [s] = await queryRows<SessaoDispositivo>(
      tx,
      sql`SELECT d.id, d.tenant_id AS "tenantId", d.cnpj_id AS "cnpjId", d.funcionario_id AS "funcionarioId",
                 d.permissoes, d.ativo, f.ativo AS "funcionarioAtivo", c.fuso_horario AS fuso
            FROM dispositivos_online d
            JOIN funcionarios f ON f.tenant_id = d.tenant_id AND f.id = d.funcionario_id
            JOIN cnpjs c ON c.tenant_id = d.tenant_id AND c.id = d.cnpj_id
            JOIN tenants t ON t.id = d.tenant_id AND t.ativo
           WHERE d.token_hash = ${hash}`,
    );
    return s;
  },

  /** The tenant's justifications of some types (the app lists them; a request names one). */
  justificativas(tx: Tx, tenantId: number, tipos: readonly number[]) {
    return queryRows<{ id: number; descricao: string; tipo: number }>(
      tx,
      sql`SELECT id, descricao, tipo FROM justificativas
           WHERE tenant_id = ${tenantId} AND tipo = ANY(${sql.param([...tipos])}::int[])
           ORDER BY descricao, id`,
    );
  },

  /** The employee's own requests between two days, newest day first. */
  minhas(tx: Tx, tenantId: number, funcionarioId: number, de: string, ate: string) {
    return queryRows<{
      id: number;
      origem: string;
      dataPonto: string;
      status: string;
      criadaEm: Date;
      observacaoAprovacao: string | null;
    }>(
      tx,
      sql`SELECT id, origem, data_ponto::text AS "dataPonto", status, criada_em AS "criadaEm",
                 observacao_aprovacao AS "observacaoAprovacao"
            FROM solicitacoes
           WHERE tenant_id = ${tenantId} AND funcionario_id = ${funcionarioId}
             AND data_ponto BETWEEN ${de}::date AND ${ate}::date
           ORDER BY data_ponto DESC, criada_em DESC, id DESC`,
    );
  },
};
