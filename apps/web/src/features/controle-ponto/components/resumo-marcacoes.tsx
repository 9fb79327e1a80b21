import type { ReactNode } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Panel } from 'primereact/panel';
import type { controlePontoApi } from '@jornada/contracts';
import { ListError } from '../../../components/ui/list-table';
import { buscarResumoFuncionario } from '../api/controle-ponto-api';
import { Valor } from './detalhes-marcacoes';

type Resumo = controlePontoApi.ResumoFuncionario;

const valor = (r: { valor: number }) => <Valor minutos={r.valor} />;

/** One panel of the tab: its title, and a small table of its rows (the columns are the children). */
function Painel<T extends object>({
  titulo,
  rotulo,
  vazio,
  linhas,
  children,
}: {
  titulo: string;
  rotulo: string;
  vazio: string;
  linhas: T[];
  children: ReactNode;
}) {
  return (
    <Panel header={titulo}>
      <DataTable value={linhas} size="small" emptyMessage={vazio} aria-label={rotulo}>
        {children}
      </DataTable>
    </Panel>
  );
}

/** Marcações, tab Resumo (seed 002 §2): Jornada, Horas Extras, Evento, Banco de Horas; negatives in red. */
export function ResumoMarcacoes({ input }: { input: { mes: number; ano: number; cnpj: number; funcionario: number } }) {
  const q = buscarResumoFuncionario.useQuery(input, { toast: false });
  if (q.isError) return <ListError onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const r: Resumo | undefined = q.data;
  if (!r) return <p className="marcacoes-carregando">Carregando…</p>;
  return (
    <div className="resumo-marcacoes">
      <Painel titulo="Jornada" rotulo="Totais de jornada" vazio="Sem jornada no mês." linhas={r.totaisJornadas}>
        <Column header="Descrição" field="descricao" />
        <Column header="Dias" field="dias" bodyClassName="marcacoes-num" />
        <Column
          header="Total"
          body={(j: { total: number }) => <Valor minutos={j.total} />}
          bodyClassName="marcacoes-num"
        />
      </Painel>
      <Painel
        titulo="Horas Extras"
        rotulo="Horas extras do mês"
        vazio="Sem horas extras no mês."
        linhas={r.horasExtrasEventos}
      >
        <Column header="Descrição" field="descricao" />
        <Column header="Valor" body={valor} bodyClassName="marcacoes-num" />
      </Painel>
      <Painel titulo="Evento" rotulo="Eventos do mês" vazio="Sem eventos no mês." linhas={r.outrosEventos}>
        <Column header="Descrição" field="descricao" />
        <Column header="Dias" field="dias" bodyClassName="marcacoes-num" />
        <Column header="Valor" body={valor} bodyClassName="marcacoes-num" />
      </Painel>
      <Painel
        titulo="Banco de Horas"
        rotulo="Banco de horas do mês"
        vazio="Sem banco de horas no período."
        linhas={r.totaisBancoHoras}
      >
        <Column header="Descrição" field="descricao" />
        <Column header="Valor" body={valor} bodyClassName="marcacoes-num" />
      </Painel>
    </div>
  );
}
