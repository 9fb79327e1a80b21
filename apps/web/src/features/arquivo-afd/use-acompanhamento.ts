import { useEffect, useRef, useState } from 'react';
import { MSG, emAndamento, versaoSolicitacao, type SolicitacaoDocumento } from '@jornada/contracts';
import { buscarSolicitacao } from '../../shared/lookups-api';

/** Where a followed request is: FILA or PROCESSANDO, with its 0..100. */
export type Andamento = Pick<SolicitacaoDocumento, 'status' | 'progresso'>;

/**
 * A pause before asking again when an answer came back unchanged: the server
 * held it for its long-poll time, or something between (a proxy) did not hold
 * it at all — then this keeps the screen from asking in a tight loop.
 */
export const PAUSA_SEM_MUDANCA_MS = 1_000;

/**
 * Follows one document request until it ends (issue 24 §4; decision 0080):
 * each ask waits on the server until the request is no longer in the state
 * last seen, so the screen learns of every progress step and of the end as
 * they are committed — not at the seed's next 15 s check. A failed ask ends
 * the following with its error (seed 002 §4). Stops when the screen is left.
 */
export function useAcompanhamento(
  id: number | null,
  aoTerminar: (s: SolicitacaoDocumento) => void,
  aoFalhar: (mensagem: string) => void,
): Andamento | null {
  const fim = useRef({ aoTerminar, aoFalhar });
  fim.current = { aoTerminar, aoFalhar };
  const [andamento, setAndamento] = useState<Andamento | null>(null);
  useEffect(() => {
    setAndamento(null);
    if (id === null) return;
    const abortar = new AbortController();
    const { signal } = abortar;
    const pausa = () => new Promise((resolve) => setTimeout(resolve, PAUSA_SEM_MUDANCA_MS));
    void (async () => {
      let visto: string | undefined;
      try {
        for (;;) {
          const s = await buscarSolicitacao.fetch({ id, fdb: 'f', ...(visto ? { diferenteDe: visto } : {}) }, signal);
          if (signal.aborted) return;
          if (!emAndamento(s.status)) return fim.current.aoTerminar(s);
          const agora = versaoSolicitacao(s);
          if (agora === visto) await pausa();
          if (signal.aborted) return;
          visto = agora;
          setAndamento({ status: s.status, progresso: s.progresso });
        }
      } catch (e) {
        if (!signal.aborted) fim.current.aoFalhar((e as { mensagem?: string }).mensagem ?? MSG.oops);
      }
    })();
    return () => abortar.abort();
  }, [id]);
  return andamento;
}
