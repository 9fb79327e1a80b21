import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { calendario, solicitacaoApi, type ResolverResponse } from '@jornada/contracts';
import { AnalisarSolicitacaoDialog, type SolicitacaoAberta } from '../../../components/analisar-solicitacao';
import { ListError } from '../../../components/ui/list-table';
import { formatDateTime } from '../../../shared/format';
import { usePodeChamar } from '../../../shared/session';
import { listarSolicitacoesPendentes } from '../api/controle-ponto-api';
import type { MesNaTela } from './acoes-dia';

/**
 * Solicitações Pendentes of a day (seed 002 §2 "Per-day actions"; decision
 * 0086): the employee's requests about the day still waiting for an answer,
 * each opened in Analisar solicitação. An answer comes back through
 * `onResolvida` (the screen puts the recalculated month in place); once the
 * last one is answered the list has nothing left to show and closes.
 */
export function SolicitacoesPendentesDialog({
  mes,
  dia,
  onHide,
  onResolvida,
}: {
  mes: MesNaTela;
  /** The day the dialog is open for; null = closed. */
  dia: string | null;
  onHide: () => void;
  onResolvida: (resposta: ResolverResponse) => void;
}) {
  const lista = listarSolicitacoesPendentes.useQuery(
    { dataInicio: dia ?? '', dataFinal: dia ?? '', idFuncionario: mes.funcionario },
    { enabled: dia !== null, staleTime: 0 },
  );
  // Opening a request reads it through its origin's lookup (code 165, both origins): without it, the list only tells.
  const podeAbrir = usePodeChamar(solicitacaoApi.buscarItemJustificar);
  const [aberta, setAberta] = useState<SolicitacaoAberta | null>(null);
  // Whether a request was answered in this opening: only then does an empty list close the dialog.
  const [respondidas, setRespondidas] = useState(0);
  const [diaAnterior, setDiaAnterior] = useState(dia);
  if (dia !== diaAnterior) {
    setDiaAnterior(dia);
    setRespondidas(0);
  }
  const pendentes = lista.data ?? [];
  const vazia = lista.data !== undefined && pendentes.length === 0 && !lista.isFetching;
  useEffect(() => {
    if (dia !== null && respondidas > 0 && vazia) onHide();
  }, [dia, respondidas, vazia, onHide]);

  return (
    <>
      <Dialog
        header={`Solicitações Pendentes · ${dia ? calendario.diaMesAno(dia) : ''}`}
        visible={dia !== null}
        onHide={onHide}
        modal
        draggable={false}
        resizable={false}
        style={{ width: '40rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={<Button type="button" label="Fechar" icon="pi pi-times" outlined onClick={onHide} />}
      >
        {lista.isError && lista.data === undefined ? (
          <ListError onRetry={() => void lista.refetch()} retrying={lista.isFetching} />
        ) : lista.data === undefined ? (
          <p className="dialog-loading" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Carregando…
          </p>
        ) : pendentes.length === 0 ? (
          <p className="acao-dia-texto">Nenhuma solicitação pendente neste dia.</p>
        ) : (
          <table className="solicitacoes-pendentes" aria-label="Solicitações pendentes do dia">
            <thead>
              <tr>
                <th scope="col">Tipo da Solicitação</th>
                <th scope="col">Data da Solicitação</th>
                {podeAbrir ? (
                  <th scope="col">
                    <span className="sr-only">Ações</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {pendentes.map((s, i) => (
                <tr key={s.id}>
                  <td>{s.tipo}</td>
                  <td className="nowrap">{formatDateTime(s.dataSolicitacao)}</td>
                  {podeAbrir ? (
                    <td className="col-actions">
                      <Button
                        type="button"
                        label="Analisar"
                        icon="pi pi-search"
                        outlined
                        size="small"
                        aria-label="Analisar solicitação"
                        autoFocus={i === 0}
                        onClick={() => setAberta({ id: s.id, origem: s.origem, status: s.status })}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Dialog>
      <AnalisarSolicitacaoDialog
        solicitacao={aberta}
        onHide={() => setAberta(null)}
        onResolvida={(r) => {
          setRespondidas((n) => n + 1);
          onResolvida(r);
        }}
      />
    </>
  );
}
