import { NOME_SOLICITACAO_AFD, emAndamento, type SolicitacaoDocumento } from '@jornada/contracts';

/**
 * The history's polling (seed 002 §4 "Generated file"): requests in progress
 * are checked after 3 s, then 4 s, then every 5 s; an AFD import is checked
 * on its own every 15 s. Polling stops when nothing is in progress, when a
 * check fails (the caller shows the error) and when the screen is left
 * (shared/use-polling.ts runs the cadence).
 */
export const CADENCIA_MS = [3_000, 4_000, 5_000] as const;
export const CADENCIA_AFD_MS = 15_000;

/** The wait before the n-th check (0-based) of the requests in progress. */
export function intervaloDaVez(n: number): number {
  return CADENCIA_MS[Math.min(n, CADENCIA_MS.length - 1)]!;
}

export const ehAfd = (s: Pick<SolicitacaoDocumento, 'nome'>) => s.nome === NOME_SOLICITACAO_AFD;

/** Which requests each poller watches: the AFD ones apart. */
export function pendentes(rows: readonly SolicitacaoDocumento[]): { lista: number[]; afd: number[] } {
  const vivas = rows.filter((r) => emAndamento(r.status));
  return { lista: vivas.filter((r) => !ehAfd(r)).map((r) => r.id), afd: vivas.filter(ehAfd).map((r) => r.id) };
}

/** The rows with the newest answers of the polls over them. */
export function mesclar(
  rows: readonly SolicitacaoDocumento[],
  novas: ReadonlyMap<number, SolicitacaoDocumento>,
): SolicitacaoDocumento[] {
  return rows.map((r) => novas.get(r.id) ?? r);
}

/** True when the request's file can no longer be downloaded (seed 002 §3 linkExpirado). */
export function linkExpirado(s: SolicitacaoDocumento, now: Date): boolean {
  if (s.status !== 'PROCESSADO') return false;
  if (s.linkExpirado) return true;
  return s.link !== null && s.dataValidadeLink !== null && new Date(s.dataValidadeLink).getTime() <= now.getTime();
}
