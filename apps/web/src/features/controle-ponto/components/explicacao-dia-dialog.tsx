import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { calendario } from '@jornada/contracts';
import { ListError } from '../../../components/ui/list-table';
import { explicarDia } from '../api/controle-ponto-api';
import { horas } from '../marcacoes-formato';

/**
 * "Por quê?" (issue 23 §2, decision 0071): the day's explanation, the
 * engine's trace recalculated on demand — what ruled the day, then each rule
 * that produced a number, in the engine's order.
 */
export function ExplicacaoDiaDialog({
  idCnpj,
  idFuncionario,
  dia,
  onHide,
}: {
  idCnpj: number;
  idFuncionario: number;
  /** 'yyyy-mm-dd', or null when closed. */
  dia: string | null;
  onHide: () => void;
}) {
  const q = explicarDia.useQuery(
    { cnpj: idCnpj, funcionario: idFuncionario, data: dia ?? '' },
    { enabled: dia !== null, toast: false },
  );
  return (
    <Dialog
      header={dia ? `Por quê? ${calendario.diaMesAno(dia)}` : 'Por quê?'}
      visible={dia !== null}
      onHide={onHide}
      style={{ width: '60rem' }}
      breakpoints={{ '960px': '95vw' }}
      dismissableMask
    >
      {q.isError ? (
        <ListError onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !q.data ? (
        <p className="marcacoes-carregando">Carregando…</p>
      ) : (
        <div className="explicacao-dia">
          <dl className="explicacao-contexto">
            {q.data.contexto.map((c, i) => (
              <div key={i}>
                <dt>{c.rotulo}</dt>
                <dd>{c.valor}</dd>
              </div>
            ))}
          </dl>
          <DataTable
            value={q.data.passos}
            size="small"
            stripedRows
            emptyMessage="O motor não registrou passos para este dia."
            aria-label="Passos do cálculo"
          >
            <Column header="Quantidade" field="quantidade" bodyClassName="nowrap" />
            <Column
              header="Minutos"
              body={(p: { minutos: number }) => horas(p.minutos)}
              bodyClassName="nowrap marcacoes-num"
            />
            <Column header="Por quê" field="motivo" />
            <Column header="Regra" field="regra" bodyClassName="nowrap explicacao-regra" />
          </DataTable>
        </div>
      )}
    </Dialog>
  );
}
