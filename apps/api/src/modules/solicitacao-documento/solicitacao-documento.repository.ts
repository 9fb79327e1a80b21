import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { solicitacoesDocumento, usuarios } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

const s = solicitacoesDocumento;

const columns = {
  id: s.id,
  status: s.status,
  nome: s.nome,
  servico: s.servico,
  nomeDocumento: s.nomeDocumento,
  nomeArquivo: s.nomeArquivo,
  tipoDocumento: s.tipoDocumento,
  mensagem: s.mensagem,
  progresso: s.progresso,
  arquivo: s.arquivo,
  dataValidadeLink: s.dataValidadeLink,
  solicitadoEm: s.solicitadoEm,
  inicioProcessamento: s.inicioProcessamento,
  fimProcessamento: s.fimProcessamento,
  cnpjId: s.cnpjId,
  usuarioId: s.usuarioId,
  usuario: usuarios.nome,
};
export type SolicitacaoRow = Awaited<ReturnType<typeof solicitacaoDocumentoRepository.listByIds>>[number];

/** Who may see a request: the caller's own, in the given companies (decision 0043), or every one of the tenant. */
export interface RequestVisibility {
  /** Only this user's requests (undefined: everyone's, a support session). */
  usuarioId?: number;
  /** Only requests of these companies, or of none (requests without a company). */
  cnpjIds: readonly number[];
}

function visible(v: RequestVisibility): SQL {
  const own = v.usuarioId === undefined ? sql`true` : eq(s.usuarioId, v.usuarioId);
  const companies = v.cnpjIds.length
    ? sql`(${s.cnpjId} IS NULL OR ${inArray(s.cnpjId, [...v.cnpjIds])})`
    : sql`${s.cnpjId} IS NULL`;
  return and(own, companies)!;
}

export const solicitacaoDocumentoRepository = {
  async insert(
    tx: Tx,
    row: {
      tenantId: number;
      usuarioId: number | null;
      cnpjId: number | null;
      nome: string;
      servico: string;
      nomeDocumento: string | null;
      nomeArquivo: string | null;
      tipoDocumento: string | null;
      parametros: unknown;
      solicitadoEm: Date;
    },
  ): Promise<number> {
    const [r] = await tx.insert(s).values(row).returning({ id: s.id });
    return r!.id;
  },

  /** The company's requests made from `inicio` (inclusive) to `fim` (exclusive), local wall-clock in `zone`. */
  async listMonth(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    range: { inicio: string; fim: string; zone: string },
    v: RequestVisibility,
  ) {
    return tx
      .select(columns)
      .from(s)
      .leftJoin(usuarios, eq(usuarios.id, s.usuarioId))
      .where(
        and(
          eq(s.tenantId, tenantId),
          eq(s.cnpjId, cnpjId),
          sql`${s.solicitadoEm} >= (${range.inicio}::timestamp AT TIME ZONE ${range.zone})`,
          sql`${s.solicitadoEm} < (${range.fim}::timestamp AT TIME ZONE ${range.zone})`,
          visible(v),
        ),
      )
      .orderBy(desc(s.solicitadoEm), desc(s.id));
  },

  async listByIds(tx: Tx, tenantId: number, ids: readonly number[], v: RequestVisibility) {
    if (ids.length === 0) return [];
    return tx
      .select(columns)
      .from(s)
      .leftJoin(usuarios, eq(usuarios.id, s.usuarioId))
      .where(and(eq(s.tenantId, tenantId), inArray(s.id, [...ids]), visible(v)))
      .orderBy(desc(s.solicitadoEm), desc(s.id));
  },

  /**
   * One transition of the state machine: the row changes only from one of
   * `from`; answers whether it did (a request already finished stays so).
   */
  async transition(
    tx: Tx,
    tenantId: number,
    id: number,
    from: readonly string[],
    set: Partial<{
      status: string;
      progresso: number;
      mensagem: string | null;
      arquivo: string | null;
      nomeArquivo: string | null;
      dataValidadeLink: Date | null;
      inicioProcessamento: Date;
      fimProcessamento: Date;
    }>,
  ): Promise<boolean> {
    const rows = await tx
      .update(s)
      .set(set)
      .where(and(eq(s.tenantId, tenantId), eq(s.id, id), inArray(s.status, [...from])))
      .returning({ id: s.id });
    return rows.length === 1;
  },

  /** A processed request of the tenant still holds this file, its link valid at `now` (decision 0064). */
  async linkVigente(tx: Tx, tenantId: number, arquivo: string, now: Date): Promise<boolean> {
    const [row] = await tx
      .select({ id: s.id })
      .from(s)
      .where(
        and(eq(s.tenantId, tenantId), eq(s.arquivo, arquivo), eq(s.status, 'PROCESSADO'), gt(s.dataValidadeLink, now)),
      )
      .limit(1);
    return row !== undefined;
  },

  async parametros(tx: Tx, tenantId: number, id: number): Promise<unknown> {
    const [row] = await tx
      .select({ parametros: s.parametros })
      .from(s)
      .where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
    return row?.parametros;
  },
};
