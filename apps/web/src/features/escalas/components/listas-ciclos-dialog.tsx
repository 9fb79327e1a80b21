import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { confirmAction } from '../../../components/ui/confirm';
import { excluirCiclo, listarCiclos } from '../api/escalas-api';
import { DIALOG_CICLOS } from './ciclos';
import '../escalas.css';

// ---------------------------------------------------------------- list of lists

/**
 * The cycle lists (seed 001 §2.4: description and quantity) with details,
 * delete after a confirm, the choice of one for the schedule, and Nova lista.
 */
export function ListasCiclosDialog({
  visible,
  onHide,
  onNova,
  onDetalhes,
  onSelecionar,
  onExcluida,
}: {
  visible: boolean;
  onHide: () => void;
  onNova: () => void;
  onDetalhes: (id: number) => void;
  onSelecionar: (id: number) => void;
  onExcluida: (id: number) => void;
}) {
  const listas = listarCiclos.useQuery({}, { enabled: visible });
  const excluir = excluirCiclo.useMutation({ invalidates: [listarCiclos.endpoint] });
  const linhas = listas.data ?? [];
  return (
    <Dialog
      {...DIALOG_CICLOS}
      header="Listas de ciclos"
      visible={visible}
      onHide={onHide}
      style={{ width: '44rem' }}
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Fechar" icon="pi pi-times" outlined onClick={onHide} />
          <Button type="button" label="Nova lista de ciclos" icon="pi pi-plus" onClick={onNova} />
        </div>
      }
    >
      {listas.isPending ? (
        <p className="muted-text">Carregando…</p>
      ) : linhas.length === 0 ? (
        <p className="empty-state">Nenhuma lista de ciclos cadastrada.</p>
      ) : (
        <table className="grid-table grid-table-lista" aria-label="Listas de ciclos">
          <thead>
            <tr>
              <th scope="col">Descrição</th>
              <th scope="col">Quantidade</th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {linhas.map((l) => (
              <tr key={l.id}>
                <th scope="row">{l.descricao}</th>
                <td>{l.quantidade}</td>
                <td>
                  <div className="row-actions">
                    <Button
                      type="button"
                      icon="pi pi-check"
                      rounded
                      text
                      aria-label={`Usar ${l.descricao} nesta escala`}
                      tooltip="Usar nesta escala"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() => onSelecionar(l.id)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-eye"
                      rounded
                      text
                      severity="secondary"
                      aria-label={`Detalhes de ${l.descricao}`}
                      tooltip="Detalhes"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() => onDetalhes(l.id)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={`Excluir ${l.descricao}`}
                      tooltip="Excluir"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() =>
                        confirmAction({
                          message: `Excluir a lista de ciclos ${l.descricao} ?`,
                          header: 'Excluir lista de ciclos',
                          danger: true,
                          onAccept: () =>
                            excluir.mutate({ ciclo: { id: l.id } }, { onSuccess: () => onExcluida(l.id) }),
                        })
                      }
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
