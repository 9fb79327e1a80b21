import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { PAGINATOR, SUPORTE, type AutorizacaoSuporte } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { SearchInput } from '../../../components/ui/search-input';
import { DateInput } from '../../../components/ui/date-controls';
import { formatDate, formatDateTime, fromWireMonth, toWireDate, toWireMonth } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import {
  excluirAutorizacaoSuporte,
  listarAutorizacoesSuporte,
  salvarAutorizacaoSuporte,
} from '../api/autorizacao-suporte-api';

type Row = AutorizacaoSuporte & { cadastro: string; final: string; fechadoTexto: string };

/** Today + 6 on this computer's calendar: what the confirmation shows (the server decides on its own calendar). */
function endDate(): string {
  const d = new Date();
  d.setDate(d.getDate() + SUPORTE.diasAutorizacao);
  return formatDate(toWireDate(d));
}

/**
 * Autorização de Suporte (seed 000 §2.6, §4, §9): the month's
 * authorisations; Novo lets the provider's support staff in until today + 6;
 * an open one may be deleted, which ends their access at once. A support
 * session sees the list but cannot create or delete (the server refuses too).
 */
export function AutorizacaoSuportePage() {
  const session = useSession();
  const table = useListTable(PAGINATOR.autorizacaoSuporte);
  const [picked, setPicked] = useState(() => new Date());
  const [month, setMonth] = useState(() => ({ a: picked.getFullYear(), m: picked.getMonth() + 1 }));
  const query = { idEmp: session?.dadosRequisicao.empresa.id, a: month.a, m: month.m };
  const lista = listarAutorizacoesSuporte.useQuery(query);
  const salvar = salvarAutorizacaoSuporte.useMutation({ invalidates: [listarAutorizacoesSuporte.endpoint] });
  const excluir = excluirAutorizacaoSuporte.useMutation({ invalidates: [listarAutorizacoesSuporte.endpoint] });
  const support = session?.suporte === true;

  const rows: Row[] = (lista.data ?? []).map((a) => ({
    ...a,
    cadastro: formatDateTime(a.dataCadastro),
    final: formatDate(a.dataFinal),
    fechadoTexto: a.fechado ? 'Sim' : 'Não',
  }));

  const refresh = () => {
    const next = { a: picked.getFullYear(), m: picked.getMonth() + 1 };
    if (next.a === month.a && next.m === month.m) void lista.refetch();
    else setMonth(next);
  };

  const novo = () =>
    confirmAction({
      header: 'Confirmação',
      message: `Criar Autorização de Suporte? O suporte poderá acessar o sistema até ${endDate()}.`,
      onAccept: () => salvar.mutate({}),
    });

  const remove = (a: Row) =>
    confirmAction({
      header: 'Confirmação',
      message: 'Excluir Autorização?',
      danger: true,
      onAccept: () => excluir.mutate({ autorizacaoSuporte: { id: a.id } }),
    });

  return (
    <Page
      title="Autorização de Suporte"
      actions={support ? null : <Button label="Novo" icon="pi pi-plus" onClick={novo} loading={salvar.isPending} />}
    >
      <div className="table-toolbar">
        <DateInput
          id="autorizacao-mes"
          view="month"
          value={toWireMonth(picked)}
          onChange={(m) => {
            const d = m ? fromWireMonth(m) : null;
            if (d) setPicked(d);
          }}
          className=""
          aria-label="Mês"
        />
        <Button label="Atualizar" icon="pi pi-refresh" outlined onClick={refresh} loading={lista.isFetching} />
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar" />
      </div>
      <ListTable<Row>
        query={lista}
        table={table}
        value={rows}
        dataKey="id"
        filterFields={['autorizaPor', 'email', 'cadastro', 'final', 'fechadoTexto']}
        emptyMessage={'Nenhuma autorização neste mês.'}
        filteredEmptyMessage={'Nenhuma autorização encontrada para o filtro informado.'}
        ariaLabel="Autorizações de suporte"
      >
        <Column field="autorizaPor" header="Autorizado Por" sortable />
        <Column field="email" header="E-mail" sortable />
        <Column field="dataCadastro" header="Data Cadastro" sortable body={(a: Row) => a.cadastro} />
        <Column field="dataFinal" header="Data Final" sortable body={(a: Row) => a.final} />
        <Column field="fechadoTexto" header="Fechado" sortable style={{ width: '7rem' }} />
        <Column
          header="Ações"
          headerClassName="col-actions"
          bodyClassName="col-actions"
          style={{ width: '6rem' }}
          body={(a: Row) =>
            a.fechado || support ? null : (
              <div className="row-actions">
                <Button
                  icon="pi pi-trash"
                  rounded
                  text
                  severity="danger"
                  aria-label={`Excluir autorização até ${a.final}`}
                  tooltip="Excluir"
                  tooltipOptions={{ position: 'top' }}
                  onClick={() => remove(a)}
                />
              </div>
            )
          }
        />
      </ListTable>
    </Page>
  );
}
