import { and, asc, eq } from 'drizzle-orm';
import type { RelogioPonto, relogioPontoApi } from '@jornada/contracts';
import type { z } from 'zod';
import { relogiosPonto as r, relogioTokens } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';

export type RelogioValores = Omit<z.output<typeof relogioPontoApi.relogioPontoForm>, 'id'>;

const colunas = {
  id: r.id,
  numeroSerie: r.numeroSerie,
  fabricante: r.fabricante,
  autorizacao: r.autorizacao,
  dataCadastro: r.dataCadastro,
  dataAutorizacao: r.dataAutorizacao,
  localInstalacao: r.localInstalacao,
  modelo: r.modelo,
  portaria: r.portaria,
  integracaoLeitorFacial: r.integracaoLeitorFacial,
  numeroSerieLeitorFacial: r.numeroSerieLeitorFacial,
  tipoServico: r.tipoServico,
  proximoNSR: r.proximoNsr,
  idCloud: r.idCloud,
};

type Linha = Omit<RelogioPonto, 'dataCadastro' | 'dataAutorizacao'> & {
  dataCadastro: Date;
  dataAutorizacao: Date | null;
};

const paraFio = (l: Linha): RelogioPonto => ({
  ...l,
  dataCadastro: l.dataCadastro.toISOString(),
  dataAutorizacao: l.dataAutorizacao?.toISOString() ?? null,
});

/** SQL only: the clocks of a company and the tenant's company token. */
export const relogioPontoRepository = {
  async listar(tx: Tx, tenantId: number, cnpjId: number): Promise<RelogioPonto[]> {
    const linhas = await tx
      .select(colunas)
      .from(r)
      .where(and(eq(r.tenantId, tenantId), eq(r.cnpjId, cnpjId)))
      .orderBy(asc(r.numeroSerie), asc(r.id));
    return linhas.map(paraFio);
  },

  /** The clock with its company (for the scope check and the log), or undefined. */
  async buscar(tx: Tx, tenantId: number, id: number): Promise<(RelogioPonto & { cnpjId: number }) | undefined> {
    const [l] = await tx
      .select({ ...colunas, cnpjId: r.cnpjId })
      .from(r)
      .where(and(eq(r.tenantId, tenantId), eq(r.id, id)));
    return l ? { ...paraFio(l), cnpjId: l.cnpjId } : undefined;
  },

  async inserir(tx: Tx, tenantId: number, cnpjId: number, v: RelogioValores): Promise<number> {
    const [l] = await tx
      .insert(r)
      .values({ tenantId, cnpjId, ...valores(v) })
      .returning({ id: r.id });
    return l!.id;
  },

  /** The install location is kept as registered (seed 001 §2.10: read-only on edit). */
  async alterar(tx: Tx, tenantId: number, id: number, v: RelogioValores): Promise<void> {
    const { localInstalacao: _fixo, ...resto } = valores(v);
    await tx
      .update(r)
      .set(resto)
      .where(and(eq(r.tenantId, tenantId), eq(r.id, id)));
  },

  async excluir(tx: Tx, tenantId: number, id: number): Promise<void> {
    await tx.delete(r).where(and(eq(r.tenantId, tenantId), eq(r.id, id)));
  },

  async token(tx: Tx, tenantId: number): Promise<{ cifrado: string; geradoEm: Date } | undefined> {
    const [t] = await tx
      .select({ cifrado: relogioTokens.cifrado, geradoEm: relogioTokens.geradoEm })
      .from(relogioTokens)
      .where(eq(relogioTokens.tenantId, tenantId));
    return t;
  },

  /** Answers false when the tenant already had one (two clicks at once: the first wins). */
  async gravarToken(
    tx: Tx,
    t: { tenantId: number; hash: string; cifrado: string; geradoEm: Date; geradoPor: number | null },
  ): Promise<boolean> {
    const linhas = await tx
      .insert(relogioTokens)
      .values(t)
      .onConflictDoNothing({ target: relogioTokens.tenantId })
      .returning({ tenantId: relogioTokens.tenantId });
    return linhas.length === 1;
  },
};

function valores(v: RelogioValores) {
  return {
    numeroSerie: v.numeroSerie,
    fabricante: v.fabricante,
    modelo: v.modelo ?? null,
    portaria: v.portaria ?? null,
    autorizacao: v.autorizacao,
    localInstalacao: v.localInstalacao,
    integracaoLeitorFacial: v.integracaoLeitorFacial,
    numeroSerieLeitorFacial: v.integracaoLeitorFacial ? v.numeroSerieLeitorFacial : null,
    tipoServico: v.tipoServico,
    idCloud: v.idCloud,
    proximoNsr: v.proximoNSR ?? null,
  };
}
