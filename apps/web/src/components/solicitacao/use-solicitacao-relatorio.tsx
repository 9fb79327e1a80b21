import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG_RELATORIO, MSG_SOLICITACAO, type StatusSolicitacao } from '@jornada/contracts';
import { buscarSolicitacao } from '../../shared/lookups-api';
import { toastError, toastForError, toastWarn } from '../../shared/toast';
import { usePolling } from '../../shared/use-polling';
import { useArquivoSolicitacao } from './arquivo-solicitacao';
import { CADENCIA_RELATORIO, desfecho } from './monitor';
import './solicitacao.css';

/** One request in the history (the history reads `?id=`, seed 002 §2). */
export const urlHistoricoSolicitacao = (id: number) => `/relatorios/historico?id=${id}`;

/** What starts a request: the screen's call to the queue (its own `<area>-api.ts` line), answering id and status. */
export type PedirRelatorio = () => Promise<{ id: number; status: StatusSolicitacao }>;

export interface SolicitacaoRelatorio {
  /** Sends the request and monitors it; ignored while one is being sent or monitored. */
  gerar: (pedir: PedirRelatorio) => void;
  /** Sending or monitoring: the screen's generate action stays disabled (seed 002 §4). */
  ocupado: boolean;
  /** The spinner with 'Processando o arquivo…' as the way to the request in the history; null when idle. */
  status: ReactNode;
  /** The PDF viewer: render it once anywhere in the screen. */
  dialogos: ReactNode;
}

/**
 * The report-request monitor (seed 002 §4 'Generated file', §8): `gerar`
 * sends the request, then it is checked 5 s later and every 5 s, at most 10
 * times. Meanwhile `status` shows the spinner and `MSG_RELATORIO.processando`
 * as a link to the request in the history, and `ocupado` is true. PROCESSADO
 * opens the file (a PDF in the history's viewer, anything else downloads);
 * ERRO shows its messages as an error; still in progress after the last
 * check, the 'foi para fila' warning and the link stays. A failed check ends
 * the monitoring with its error; leaving the screen ends it (not the request).
 */
export function useSolicitacaoRelatorio(): SolicitacaoRelatorio {
  const [enviando, setEnviando] = useState(false);
  const [pedido, setPedido] = useState<{ id: number; monitorando: boolean } | null>(null);
  const consultas = useRef(0);
  const arquivo = useArquivoSolicitacao();
  const monitorando = pedido?.monitorando === true;

  usePolling(
    pedido?.monitorando ? [pedido.id] : [],
    () => CADENCIA_RELATORIO.intervaloMs,
    async ([id], signal) => {
      const s = await buscarSolicitacao.fetch({ id: id!, fdb: 'f' }, signal);
      const d = desfecho(s, ++consultas.current);
      if (d.tipo === 'aguardar') return;
      if (d.tipo === 'fila') {
        // The history follows it from here: its link stays, without the spinner.
        setPedido({ id: s.id, monitorando: false });
        toastWarn(d.aviso);
        return;
      }
      setPedido(null);
      if (d.tipo === 'erro') return toastError(d.texto);
      arquivo.abrir({ ...s, link: d.link });
      if (d.notas) toastWarn(d.notas);
    },
    (e) => {
      setPedido((p) => (p ? { id: p.id, monitorando: false } : null));
      toastForError(e);
    },
  );

  const gerar = (pedir: PedirRelatorio) => {
    if (enviando || monitorando) return;
    setEnviando(true);
    pedir().then(
      (r) => {
        consultas.current = 0;
        setEnviando(false);
        setPedido({ id: r.id, monitorando: true });
      },
      (e: unknown) => {
        setEnviando(false);
        toastForError(e);
      },
    );
  };

  const status = pedido ? (
    <div className="solicitacao-status" role="status">
      {pedido.monitorando ? (
        <ProgressSpinner strokeWidth="6" aria-hidden="true" />
      ) : (
        <i className="pi pi-history" aria-hidden="true" />
      )}
      <Link to={urlHistoricoSolicitacao(pedido.id)}>
        {pedido.monitorando ? MSG_RELATORIO.processando : MSG_SOLICITACAO.historico}
      </Link>
    </div>
  ) : null;

  return { gerar, ocupado: enviando || monitorando, status, dialogos: arquivo.dialogo };
}
