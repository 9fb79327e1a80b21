import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { TabPanel, TabView } from 'primereact/tabview';
import { PAGINATOR, PERM, escalaApi, type EscalaResumo } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { RowActions } from '../../../components/ui/register/register-page';
import { SearchInput } from '../../../components/ui/search-input';
import { useHeldCodes } from '../../../shared/session';
import { toastSuccess } from '../../../shared/toast';
import { excluirEscala, listarEscalas } from '../api/escalas-api';
import { FuncionarioEscalaTab } from './funcionario-escala-tab';

export const LISTA_ESCALAS = '/cadastros/escalas-horarios';

type Linha = EscalaResumo & { tipoDescricao: string };
const FILTRO: readonly (keyof Linha & string)[] = ['descricao', 'tipoDescricao'];

/**
 * Escalas de Horários (seed 001 §2.1, §6): tab 'Escalas' — the schedules with
 * Id, Descrição and Tipo, the filter and the 10/15/20 paginator; Novo (71),
 * edit (72) and delete (73, after a confirm; the server refuses a schedule in
 * employees' histories and its message is shown) — and tab
 * 'Funcionário/Escala', the mass move. `?sc=t` (a save came back) shows 'Sucesso'.
 */
export function EscalasPage() {
  const navigate = useNavigate();
  const held = useHeldCodes();
  const [params, setParams] = useSearchParams();
  const [aba, setAba] = useState(0);
  const sucesso = params.get('sc') === 't';

  const mostrouSucesso = useRef(false);
  useEffect(() => {
    if (!sucesso || mostrouSucesso.current) return;
    mostrouSucesso.current = true;
    // After the route change has cleared the old toasts (routes.tsx), which runs after this effect.
    setTimeout(() => toastSuccess(escalaApi.ESCALA_MSG.sucesso), 0);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('sc');
        return next;
      },
      { replace: true },
    );
  }, [sucesso, setParams]);

  return (
    <Page
      title="Escalas de Horários"
      actions={
        held.has(PERM.ESCALAS_HORARIOS_NOVO) && aba === 0 ? (
          <Button label="Novo" icon="pi pi-plus" onClick={() => navigate(`${LISTA_ESCALAS}/novo`)} />
        ) : null
      }
    >
      <TabView activeIndex={aba} onTabChange={(e) => setAba(e.index)} className="edit-tabs">
        <TabPanel header="Escalas">
          <EscalasTab />
        </TabPanel>
        <TabPanel header="Funcionário/Escala">
          <FuncionarioEscalaTab />
        </TabPanel>
      </TabView>
    </Page>
  );
}

function EscalasTab() {
  const navigate = useNavigate();
  const held = useHeldCodes();
  const table = useListTable(PAGINATOR.escalas);
  const escalas = listarEscalas.useQuery({});
  const excluir = excluirEscala.useMutation({ invalidates: [listarEscalas.endpoint] });
  const linhas = useMemo<Linha[]>(
    () => (escalas.data ?? []).map((e) => ({ ...e, tipoDescricao: escalaApi.TIPO_ESCALA_DESCRICAO[e.tipo] })),
    [escalas.data],
  );
  const onEdit = held.has(PERM.ESCALAS_HORARIOS_EDITAR)
    ? (e: Linha) => navigate(`${LISTA_ESCALAS}/${e.id}/editar`)
    : undefined;
  const onDelete = held.has(PERM.ESCALAS_HORARIOS_EXCLUIR)
    ? (e: Linha) =>
        confirmAction({
          message: `Excluir ${e.descricao} ?`,
          header: 'Excluir escala de horários',
          danger: true,
          onAccept: () => excluir.mutate({ idContrato: e.id }),
        })
    : undefined;

  return (
    <>
      <div className="table-toolbar">
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar por descrição ou tipo" />
      </div>
      <ListTable<Linha>
        query={escalas}
        table={table}
        value={linhas}
        dataKey="id"
        filterFields={FILTRO}
        emptyMessage={'Nenhuma escala de horários cadastrada.'}
        filteredEmptyMessage={'Nenhuma escala encontrada.'}
        ariaLabel="Escalas de Horários"
      >
        <Column field="id" header="Id" sortable style={{ width: '6rem' }} />
        <Column field="descricao" header="Descrição" sortable />
        <Column field="tipoDescricao" header="Tipo" sortable style={{ width: '14rem' }} />
        {onEdit || onDelete ? (
          <Column
            header="Ações"
            body={(e: Linha) => <RowActions row={e} label={e.descricao} onEdit={onEdit} onDelete={onDelete} />}
            style={{ width: '6.5rem' }}
            headerClassName="col-actions"
            bodyClassName="col-actions"
          />
        ) : null}
      </ListTable>
    </>
  );
}
