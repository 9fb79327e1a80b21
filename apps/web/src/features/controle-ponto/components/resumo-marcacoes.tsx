import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Panel } from 'primereact/panel';
import type { controlePontoApi } from '@jornada/contracts';
import { ListError } from '../../../components/ui/list-table';
import { buscarResumoFuncionario } from '../api/controle-ponto-api';
import { Valor } from './detalhes-marcacoes';

type Resumo = controlePontoApi.ResumoFuncionario;

const valor = (r: { valor: number }) => <Valor minutos={r.valor} />;

/** Marcações, tab Resumo (seed 002 §2): Jornada, Horas Extras, Evento, Banco de Horas; negatives in red. */
export function ResumoMarcacoes({ input }: { input: { mes: number; ano: number; cnpj: number; funcionario: number } }) {
  const q = buscarResumoFuncionario.useQuery(input, { toast: false });
  if (q.isError) return <ListError onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const r: Resumo | undefined = q.data;
  if (!r) return <p className="marcacoes-carregando">Carregando…</p>;
  return (
    <div className="resumo-marcacoes">
      <Panel header="Jornada">
        <DataTable
          value={r.totaisJornadas}
          size="small"
          emptyMessage="Sem jornada no mês."
          aria-label="Totais de jornada"
        >
          <Column header="Descrição" field="descricao" />
          <Column header="Dias" field="dias" bodyClassName="marcacoes-num" />
          <Column
            header="Total"
            body={(j: { total: number }) => <Valor minutos={j.total} />}
            bodyClassName="marcacoes-num"
          />
        </DataTable>
      </Panel>
      <Panel header="Horas Extras">
        <DataTable
          value={r.horasExtrasEventos}
          size="small"
          emptyMessage="Sem horas extras no mês."
          aria-label="Horas extras do mês"
        >
          <Column header="Descrição" field="descricao" />
          <Column header="Valor" body={valor} bodyClassName="marcacoes-num" />
        </DataTable>
      </Panel>
      <Panel header="Evento">
        <DataTable value={r.outrosEventos} size="small" emptyMessage="Sem eventos no mês." aria-label="Eventos do mês">
          <Column header="Descrição" field="descricao" />
          <Column header="Dias" field="dias" bodyClassName="marcacoes-num" />
          <Column header="Valor" body={valor} bodyClassName="marcacoes-num" />
        </DataTable>
      </Panel>
      <Panel header="Banco de Horas">
        <DataTable
          value={r.totaisBancoHoras}
          size="small"
          emptyMessage="Sem banco de horas no período."
          aria-label="Banco de horas do mês"
        >
          <Column header="Descrição" field="descricao" />
          <Column header="Valor" body={valor} bodyClassName="marcacoes-num" />
        </DataTable>
      </Panel>
    </div>
  );
}
