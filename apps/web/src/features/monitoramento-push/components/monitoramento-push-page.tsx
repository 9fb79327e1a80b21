import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import {
  MONITORAMENTO_PUSH_MSG as M,
  MSG,
  PAGINATOR,
  monitoramentoPushApi,
  type MonitoramentoPush,
} from '@jornada/contracts';
import { EmpresaDropdown, useEmpresaEscolhida } from '../../../components/empresa-escolhida';
import { confirmAction } from '../../../components/ui/confirm';
import { ListTable, useListTable, type ListQuery } from '../../../components/ui/list-table';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { formatDateTime } from '../../../shared/format';
import { usePodeChamar } from '../../../shared/session';
import { toastWarn } from '../../../shared/toast';
import {
  ativarMonitoramento,
  desativarMonitoramento,
  listarDesconhecidos,
  listarMonitoramento,
} from '../api/monitoramento-push-api';
import { AtualizarNsrDialog } from './atualizar-nsr-dialog';
import { EquipamentosDesconhecidos } from './equipamentos-desconhecidos';
import { SincronizarDialog } from './sincronizar-dialog';
import '../monitoramento-push.css';

/** Seed 001 §9: the paginator's report of this screen. */
const RELATORIO_PAGINA = 'Listando {first} a {last} de {totalRecords}';

/** Seed 001 §5: Atualizar ignores a click within 5 s of the last one it took. */
export const INTERVALO_ATUALIZAR_MS = 5_000;

const SEM_EMPRESA: ListQuery<MonitoramentoPush[]> = {
  data: [],
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
};

const data = (iso: string | null) => formatDateTime(iso) || '—';

/** Seed 001 §2.12: green when monitoring is on, red otherwise. */
const severidade = (s: MonitoramentoPush['status']) => (s === 'Autenticado' ? 'success' : 'danger');

/**
 * Monitoramento Serviço Push (seed 001 §2.12; issue 25 §4; codes 173/174):
 * a company's clocks of service type Push with the state read from their own
 * traffic; Atualizar reads it again (at most once in 5 s). With 174 each row
 * offers Atualizar NSR and stopping or starting the monitoring, and the page
 * the sync of employees and images; without it the rows have no menu.
 * A row in Erro opens the device's message (a click on the row, or its
 * status, which is a button for the keyboard). Below the clocks, the devices
 * that call with a Device Id no clock has (decision 0084), when there are any.
 */
export function MonitoramentoPushPage() {
  const table = useListTable(PAGINATOR.monitoramentoPush);
  const empresa = useEmpresaEscolhida();
  const { idCnpj } = empresa;
  const lista = listarMonitoramento.useQuery({ idCnpj: idCnpj ?? 0 }, { enabled: idCnpj !== null });
  const desconhecidos = listarDesconhecidos.useQuery({});
  const recarrega = { invalidates: [listarMonitoramento.endpoint] } as const;
  const ativar = ativarMonitoramento.useMutation(recarrega);
  const desativar = desativarMonitoramento.useMutation(recarrega);
  const podeNsr = usePodeChamar(monitoramentoPushApi.atualizarNsr);
  const podeAtivar = usePodeChamar(monitoramentoPushApi.ativarMonitoramento);
  const podeDesativar = usePodeChamar(monitoramentoPushApi.desativarMonitoramento);
  const podeSincronizar = usePodeChamar(monitoramentoPushApi.sincronizarTodos);
  const ultimoAtualizar = useRef<number | null>(null);
  const menu = useRef<Menu>(null);
  const [linhaMenu, setLinhaMenu] = useState<MonitoramentoPush | null>(null);
  const [nsrDe, setNsrDe] = useState<MonitoramentoPush | null>(null);
  const [erroDe, setErroDe] = useState<MonitoramentoPush | null>(null);
  const [sincronizando, setSincronizando] = useState(false);

  const relogios = idCnpj === null ? [] : (lista.data ?? []);

  const atualizar = () => {
    if (idCnpj === null) return toastWarn(MSG.selecioneEmpresa);
    const agora = Date.now();
    if (ultimoAtualizar.current !== null && agora - ultimoAtualizar.current < INTERVALO_ATUALIZAR_MS) return;
    ultimoAtualizar.current = agora;
    void lista.refetch();
    void desconhecidos.refetch();
  };

  const sincronizar = () => (idCnpj === null ? toastWarn(MSG.selecioneEmpresa) : setSincronizando(true));

  const acoes = (r: MonitoramentoPush): MenuItem[] => [
    ...(podeNsr ? [{ label: 'Atualizar NSR', icon: 'pi pi-hashtag', command: () => setNsrDe(r) }] : []),
    ...(r.status === 'Autenticado'
      ? podeDesativar
        ? [
            {
              label: 'Parar monitoramento',
              icon: 'pi pi-stop-circle',
              command: () =>
                confirmAction({
                  header: 'Confirmar',
                  message: M.confirmarParar,
                  onAccept: () => desativar.mutate({ id: r.id }),
                }),
            },
          ]
        : []
      : podeAtivar
        ? [
            {
              label: 'Iniciar monitoramento',
              icon: 'pi pi-play-circle',
              command: () =>
                confirmAction({
                  header: 'Confirmar',
                  message: M.confirmarIniciar,
                  onAccept: () => ativar.mutate({ id: r.id }),
                }),
            },
          ]
        : []),
  ];
  // Seed 001 §6: without 174 the menu would be empty; no column of buttons that open nothing.
  const comAcoes = podeNsr || podeAtivar || podeDesativar;
  const ocupado = ativar.isPending || desativar.isPending;

  return (
    <Page
      title={M.titulo}
      actions={
        podeSincronizar && relogios.length > 0 ? (
          <Button label="Sincronizar..." icon="pi pi-sync" onClick={sincronizar} />
        ) : null
      }
    >
      <div className="table-toolbar push-toolbar">
        <div className="push-empresa">
          <EmpresaDropdown inputId="push-empresa" empresa={empresa} onChange={() => table.setPage(0, table.rows)} />
          {idCnpj !== null ? (
            <Button
              label="Atualizar"
              icon="pi pi-refresh"
              outlined
              onClick={atualizar}
              // The spinner lasts while the list is read; a failed read ends it and Atualizar works again (§8).
              loading={lista.isFetching}
            />
          ) : null}
        </div>
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar equipamentos" />
      </div>
      <div className="push-tabela">
        <ListTable<MonitoramentoPush>
          query={idCnpj === null ? SEM_EMPRESA : lista}
          table={table}
          value={relogios}
          dataKey="id"
          filterFields={['modelo', 'numeroSerie', 'localInstalacao', 'status']}
          loading={idCnpj !== null && lista.isFetching}
          emptyMessage={idCnpj === null ? MSG.selecioneEmpresa : M.semRelogios}
          filteredEmptyMessage={M.semResultadoFiltro}
          ariaLabel="Equipamentos Push"
          pageReportTemplate={RELATORIO_PAGINA}
          onRowClick={(r) => (r.status === 'Erro' ? setErroDe(r) : undefined)}
          rowClassName={(r) => (r.status === 'Erro' ? 'push-linha-erro' : undefined)}
        >
          <Column field="modelo" header="Modelo" sortable body={(r: MonitoramentoPush) => r.modelo ?? '—'} />
          <Column field="numeroSerie" header="Número de Série" sortable bodyClassName="nowrap" />
          <Column
            field="localInstalacao"
            header="Local"
            sortable
            body={(r: MonitoramentoPush) => r.localInstalacao ?? '—'}
          />
          <Column
            field="funcionariosSincronizar"
            header="Funcionários para Sincronizar"
            headerClassName="push-col-numero"
            bodyClassName="push-col-numero"
          />
          <Column
            field="dataUltimaConexao"
            header="Última Conexão"
            body={(r: MonitoramentoPush) => data(r.dataUltimaConexao)}
            bodyClassName="nowrap"
          />
          <Column
            field="dataUltimaSincronizacao"
            header="Última Sincronização"
            body={(r: MonitoramentoPush) => data(r.dataUltimaSincronizacao)}
            bodyClassName="nowrap"
          />
          <Column
            field="status"
            header="Status"
            sortable
            body={(r: MonitoramentoPush) =>
              r.status === 'Erro' ? (
                <button
                  type="button"
                  className="push-status-botao"
                  aria-label={`Erro: ver a mensagem de ${r.numeroSerie}`}
                  onClick={() => setErroDe(r)}
                >
                  <Tag severity="danger" value={r.status} icon="pi pi-info-circle" />
                </button>
              ) : (
                <Tag severity={severidade(r.status)} value={r.status} />
              )
            }
          />
          {comAcoes ? (
            <Column
              header="Ações"
              headerClassName="col-actions"
              bodyClassName="col-actions"
              body={(r: MonitoramentoPush) => (
                <Button
                  icon="pi pi-ellipsis-v"
                  rounded
                  text
                  aria-label={`Ações de ${r.numeroSerie}`}
                  aria-haspopup="menu"
                  aria-controls="push-acoes"
                  disabled={ocupado}
                  onClick={(e) => {
                    setLinhaMenu(r);
                    menu.current?.toggle(e);
                  }}
                />
              )}
            />
          ) : null}
        </ListTable>
      </div>
      <EquipamentosDesconhecidos query={desconhecidos} idCnpj={idCnpj} relogios={relogios} />
      <Menu model={linhaMenu ? acoes(linhaMenu) : []} popup ref={menu} id="push-acoes" />
      <Dialog
        header="Mensagem"
        visible={erroDe !== null}
        onHide={() => setErroDe(null)}
        modal
        draggable={false}
        style={{ width: '30rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={<Button label="OK" icon="pi pi-check" onClick={() => setErroDe(null)} autoFocus />}
      >
        <p className="push-mensagem">{erroDe?.mensagem || M.semMensagem}</p>
      </Dialog>
      <AtualizarNsrDialog linha={nsrDe} onHide={() => setNsrDe(null)} />
      {idCnpj !== null ? (
        <SincronizarDialog
          visible={sincronizando}
          idCnpj={idCnpj}
          relogios={relogios}
          onHide={() => setSincronizando(false)}
        />
      ) : null}
    </Page>
  );
}
