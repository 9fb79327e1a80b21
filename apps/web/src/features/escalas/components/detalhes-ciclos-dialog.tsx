import { Dialog } from 'primereact/dialog';

import { detalhesCiclos } from '../api/escalas-api';
import { DIALOG_CICLOS, CiclosTable, SequenciaCiclos } from './ciclos';

/** Details of one list: its cycles and the sequence preview. */
export function DetalhesCiclosDialog({ idCiclo, onHide }: { idCiclo: number | null; onHide: () => void }) {
  const detalhes = detalhesCiclos.useQuery({ idCiclo: idCiclo ?? 0 }, { enabled: idCiclo !== null });
  return (
    <Dialog
      {...DIALOG_CICLOS}
      header={detalhes.data ? `Lista de ciclos: ${detalhes.data.descricao}` : 'Lista de ciclos'}
      visible={idCiclo !== null}
      onHide={onHide}
      style={{ width: '56rem' }}
    >
      {detalhes.data && idCiclo !== null ? (
        <div className="form-grid">
          <CiclosTable ciclos={detalhes.data.ciclos} />
          <SequenciaCiclos idCiclo={idCiclo} />
        </div>
      ) : (
        <p className="muted-text">{detalhes.isError ? 'Lista de ciclos indisponível.' : 'Carregando…'}</p>
      )}
    </Dialog>
  );
}
