import {
  MSG,
  MSG_RELATORIO,
  MSG_SOLICITACAO,
  emAndamento,
  mensagensDaSolicitacao,
  type SolicitacaoDocumento,
} from '@jornada/contracts';

/**
 * Seed 002 §4 'Report polling' and §9: the first check 5 s after the request, then every 5 s, at most 10
 * checks (50 s); a request still in progress after them is left to the history ('foi para fila').
 */
export const CADENCIA_RELATORIO = { intervaloMs: 5_000, maxConsultas: 10 } as const;

/** What one check of a report request means for the screen. */
export type Desfecho =
  | { tipo: 'aguardar' }
  /** Still in progress after the last check: the history follows it from now on. */
  | { tipo: 'fila'; aviso: string }
  /** Ready: its file (and the notes of a finished request, if any). */
  | { tipo: 'arquivo'; link: string; notas: string | null }
  | { tipo: 'erro'; texto: string };

/** Seed 002 §4: an ERRO shows what follows the first '#' (the token ERROS dropped); its parts read as one text. */
const texto = (mensagem: string | null) => mensagensDaSolicitacao(mensagem).join(' ');

/** The `n`-th check (1-based) answered `s`. */
export function desfecho(s: Pick<SolicitacaoDocumento, 'status' | 'link' | 'mensagem'>, n: number): Desfecho {
  if (emAndamento(s.status)) {
    return n >= CADENCIA_RELATORIO.maxConsultas
      ? { tipo: 'fila', aviso: MSG_RELATORIO.foiParaFila }
      : { tipo: 'aguardar' };
  }
  if (s.status === 'PROCESSADO') {
    // A processed request without its link (expired, removed): nothing to open here.
    if (!s.link) return { tipo: 'erro', texto: texto(s.mensagem) || MSG_SOLICITACAO.linkInvalido };
    return { tipo: 'arquivo', link: s.link, notas: texto(s.mensagem) || null };
  }
  return { tipo: 'erro', texto: texto(s.mensagem) || MSG.oops };
}
