import type { OrigemSolicitacao, StatusPedido } from '@jornada/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { buscaFuncionariosSql } from '../../db/funcionario-busca.js';
import { funcionarios as f } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { scopeSql } from '../../db/user-scope.js';
import type { UserScope } from '../../shared/user-scope.js';
import { centrosCte } from '../../db/centros-escolhidos.js';

/** What a justification request asks (origin CTRL_JUSTIFICAR): events of the day, each with its justification. */
export interface ItensJustificar {
  eventos: {
    codigo: 'falta' | 'atraso' | 'saida' | 'excesso' | 'fm';
    justificativa: { id: number; descricao: string };
  }[];
}
/** What an inclusion request asks (origin CTRL_EDITAR_MARCACAO): punches to insert, one justification (type 4). */
export interface ItensIncluir {
  marcacoes: { data: string; hora: string }[];
  justificativa: { id: number; descricao: string };
}

/** One request as stored, with its employee's name, badge and cost centre. */
export interface SolicitacaoRow {
  id: number;
  cnpjId: number;
  funcionarioId: number;
  centroCustoId: number | null;
  nome: string;
  cracha: string | null;
  centroCusto: string | null;
  criadaEm: Date | string;
  dataPonto: string;
  origem: OrigemSolicitacao;
  status: StatusPedido;
  itens: ItensJustificar | ItensIncluir;
  observacao: string | null;
  observacaoAprovacao: string | null;
  usuarioAprovacaoNome: string | null;
  dataAprovacao: Date | string | null;
}

const COLUNAS = sql`s.id, s.cnpj_id AS "cnpjId", s.funcionario_id AS "funcionarioId",
  fu.centro_custo_id AS "centroCustoId", fu.nome, fu.cracha, cc.nome AS "centroCusto",
  s.criada_em AS "criadaEm", s.data_ponto::text AS "dataPonto", s.origem, s.status, s.itens, s.observacao,
  s.observacao_aprovacao AS "observacaoAprovacao", s.usuario_aprovacao_nome AS "usuarioAprovacaoNome",
  s.data_aprovacao AS "dataAprovacao"`;

const JUNTAS = (tenantId: number) => sql`JOIN funcionarios fu ON fu.tenant_id = ${tenantId} AND fu.id = s.funcionario_id
  LEFT JOIN centros_custo cc ON cc.tenant_id = ${tenantId} AND cc.id = fu.centro_custo_id`;

/** The filter of the Solicitações screen, resolved by the service. */
export interface FiltroSolicitacoes {
  cnpjId: number;
  centroCustoIds: number[];
  palavras: string[];
  status: StatusPedido;
  de: string;
  ate: string;
}

/** A new request as the app asked it. */
export interface NovaSolicitacao {
  cnpjId: number;
  funcionarioId: number;
  /** The device and its idempotency key; none for a request the demo seeds. */
  dispositivoId: number | null;
  clientId: string | null;
  origem: OrigemSolicitacao;
  dataPonto: string;
  itens: ItensJustificar | ItensIncluir;
  observacao: string | null;
}

export const solicitacoesRepository = {
  async uma(tx: Tx, tenantId: number, id: number): Promise<SolicitacaoRow | undefined> {
    const [row] = await queryRows<SolicitacaoRow>(
      tx,
      sql`SELECT ${COLUNAS} FROM solicitacoes s ${JUNTAS(tenantId)} WHERE s.tenant_id = ${tenantId} AND s.id = ${id}`,
    );
    return row;
  },

  /** One employee's requests between two days (pending only, or all), in day order. */
  doFuncionario(tx: Tx, tenantId: number, funcionarioId: number, de: string, ate: string, soPendentes: boolean) {
    return queryRows<SolicitacaoRow>(
      tx,
      sql`SELECT ${COLUNAS} FROM solicitacoes s ${JUNTAS(tenantId)}
           WHERE s.tenant_id = ${tenantId} AND s.funcionario_id = ${funcionarioId}
             AND s.data_ponto BETWEEN ${de}::date AND ${ate}::date
             ${soPendentes ? sql`AND s.status = 'PENDENTE'` : sql``}
           ORDER BY s.data_ponto, s.criada_em, s.id`,
    );
  },

  /**
   * One page of the Solicitações screen and the count (the total repeated on
   * each row), grouped for the table: employee name, then the day and when
   * asked. Only employees the caller sees (decision 0020).
   */
  pagina(
    tx: Tx,
    tenantId: number,
    scope: UserScope,
    filtro: FiltroSolicitacoes,
    pagina: { linhas: number; deslocamento: number },
  ) {
    const busca = buscaFuncionariosSql(tenantId, f.id, filtro.palavras);
    return queryRows<SolicitacaoRow & { total: number }>(
      tx,
      sql`WITH ${centrosCte(tenantId, filtro)}
          filtradas AS (
            SELECT s.id FROM solicitacoes s JOIN ${f} ON ${f.tenantId} = ${tenantId} AND ${f.id} = s.funcionario_id
             WHERE s.tenant_id = ${tenantId} AND s.cnpj_id = ${filtro.cnpjId} AND s.status = ${filtro.status}
               AND s.data_ponto BETWEEN ${filtro.de}::date AND ${filtro.ate}::date
               AND ${f.cnpjId} = ${filtro.cnpjId}
               ${filtro.centroCustoIds.length ? sql`AND ${f.centroCustoId} IN (SELECT id FROM centros)` : sql``}
               ${busca ? sql`AND ${busca}` : sql``}
               AND ${scopeSql.centroCusto(scope, f.cnpjId, f.centroCustoId)})
          SELECT (SELECT count(*)::int FROM filtradas) AS total, ${COLUNAS}
            FROM filtradas x JOIN solicitacoes s ON s.tenant_id = ${tenantId} AND s.id = x.id ${JUNTAS(tenantId)}
           ORDER BY fu.nome, fu.id, s.data_ponto, s.criada_em, s.id
           LIMIT ${pagina.linhas} OFFSET ${pagina.deslocamento}`,
    );
  },

  /**
   * The answer, written once: only a PENDENTE request takes it (a second
   * operator's answer, or one racing it, finds none and is refused).
   */
  async responder(
    tx: Tx,
    tenantId: number,
    id: number,
    r: { status: Exclude<StatusPedido, 'PENDENTE'>; observacao: string | null; usuarioId: number; usuarioNome: string },
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE solicitacoes SET status = ${r.status}, observacao_aprovacao = ${r.observacao},
                 usuario_aprovacao_id = ${r.usuarioId}, usuario_aprovacao_nome = ${r.usuarioNome},
                 data_aprovacao = now()
           WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'PENDENTE'
       RETURNING id`,
    );
    return rows.length === 1;
  },

  /**
   * Stores a request; a second one with the same device and client id (the
   * app's retry, even a concurrent one) stores nothing and answers the first.
   */
  async criar(
    tx: Tx,
    tenantId: number,
    n: NovaSolicitacao,
  ): Promise<{ id: number; nova: boolean; status: StatusPedido }> {
    const [nova] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO solicitacoes (tenant_id, cnpj_id, funcionario_id, dispositivo_id, client_id, origem, data_ponto,
                                    itens, observacao)
          VALUES (${tenantId}, ${n.cnpjId}, ${n.funcionarioId}, ${n.dispositivoId}, ${n.clientId}, ${n.origem},
                  ${n.dataPonto}::date, ${JSON.stringify(n.itens)}::jsonb, ${n.observacao})
          ON CONFLICT (dispositivo_id, client_id) DO NOTHING
          RETURNING id`,
    );
    if (nova) return { id: nova.id, nova: true, status: 'PENDENTE' };
    const [antiga] = await queryRows<{ id: number; status: StatusPedido }>(
      tx,
      sql`SELECT id, status FROM solicitacoes
           WHERE tenant_id = ${tenantId} AND dispositivo_id = ${n.dispositivoId} AND client_id = ${n.clientId}`,
    );
    return { id: antiga!.id, nova: false, status: antiga!.status };
  },

  /** The demo's material: the longest lateness of the last calculated month at a company, without abono. */
  async atrasoDoUltimoMes(tx: Tx, tenantId: number, cnpjId: number) {
    const [r] = await queryRows<{ funcionario: number; dia: string }>(
      tx,
      sql`SELECT d.funcionario_id AS funcionario, d.dia::text AS dia
            FROM calculo_dias d JOIN funcionarios f ON f.tenant_id = d.tenant_id AND f.id = d.funcionario_id
           WHERE d.tenant_id = ${tenantId} AND f.cnpj_id = ${cnpjId} AND f.ativo AND d.atraso > 0 AND d.abono = 0
             AND d.dia >= (SELECT date_trunc('month', max(dia))::date FROM calculo_dias WHERE tenant_id = ${tenantId})
           ORDER BY d.atraso DESC, d.funcionario_id, d.dia LIMIT 1`,
    );
    return r;
  },

  /** The demo's material: a company's first web device and its employee's last calculated working day. */
  async diaDeDispositivoWeb(tx: Tx, tenantId: number, cnpjId: number) {
    const [r] = await queryRows<{ dispositivo: number; funcionario: number; dia: string }>(
      tx,
      sql`SELECT o.id AS dispositivo, o.funcionario_id AS funcionario, max(d.dia)::text AS dia
            FROM dispositivos_online o
            JOIN calculo_dias d ON d.tenant_id = o.tenant_id AND d.funcionario_id = o.funcionario_id
                               AND d.tipo_dia = 'weekday' AND d.normal > 0
           WHERE o.tenant_id = ${tenantId} AND o.cnpj_id = ${cnpjId} AND o.tipo = 'Web'
           GROUP BY o.id, o.funcionario_id ORDER BY o.id LIMIT 1`,
    );
    return r;
  },

  /** The tenant's first justification of a type. */
  async justificativaDoTipo(tx: Tx, tenantId: number, tipo: number) {
    const [r] = await queryRows<{ id: number; descricao: string }>(
      tx,
      sql`SELECT id, descricao FROM justificativas WHERE tenant_id = ${tenantId} AND tipo = ${tipo} ORDER BY id LIMIT 1`,
    );
    return r;
  },
};
