import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import {
  MONITORAMENTO_PUSH_MSG as M,
  MSG,
  PAGINATOR,
  monitoramentoPushApi,
  type EquipamentoDesconhecido,
  type MonitoramentoPush,
} from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { ListTable, type ListQuery, type ListTableState } from '../../../components/ui/list-table';
import { formatDateTime } from '../../../shared/format';
import { usePodeChamar } from '../../../shared/session';
import { toastWarn } from '../../../shared/toast';
import { descartarDesconhecido, listarDesconhecidos } from '../api/monitoramento-push-api';
import { VincularEquipamentoDialog } from './vincular-equipamento-dialog';

const RELATORIO_PAGINA = 'Listando {first} a {last} de {totalRecords}';

/**
 * Equipamentos não cadastrados (decision 0084), below the clocks: the devices
 * that call the service with the company token and a Device Id no clock has.
 * Shown only when there is one. With 174 each row offers Vincular (to a Push
 * clock of the company chosen above) and Descartar (after Confirmar). The
 * paging is the section's own: the page's URL keeps the clocks table's.
 */
export function EquipamentosDesconhecidos({
  query,
  idCnpj,
  relogios,
}: {
  /** The page's read of the list (Atualizar reads it again with the clocks). */
  query: ListQuery<EquipamentoDesconhecido[]>;
  /** The company chosen above (null: none yet): its Push clocks are what a device is bound to. */
  idCnpj: number | null;
  relogios: readonly MonitoramentoPush[];
}) {
  const podeVincular = usePodeChamar(monitoramentoPushApi.vincularDesconhecido);
  const podeDescartar = usePodeChamar(monitoramentoPushApi.descartarDesconhecido);
  const descartar = descartarDesconhecido.useMutation({ invalidates: [listarDesconhecidos.endpoint] });
  const [pagina, setPagina] = useState<{ first: number; rows: number }>({
    first: 0,
    rows: PAGINATOR.monitoramentoPush.rows,
  });
  // The section's own paging, not the URL's: the page's URL keeps the clocks table's page and filter.
  const table: ListTableState = {
    ...pagina,
    page: Math.floor(pagina.first / pagina.rows) + 1,
    filter: '',
    sortField: undefined,
    sortOrder: undefined,
    rowsPerPageOptions: PAGINATOR.monitoramentoPush.options,
    setPage: (first, rows) => setPagina({ first, rows }),
    setFilter: () => undefined,
    setSort: () => undefined,
  };
  const equipamentos = query.data ?? [];
  const [vinculando, setVinculando] = useState<EquipamentoDesconhecido | null>(null);

  const vincular = (d: EquipamentoDesconhecido) =>
    idCnpj === null ? toastWarn(MSG.selecioneEmpresa) : setVinculando(d);
  const confirmarDescarte = (d: EquipamentoDesconhecido) =>
    confirmAction({
      header: 'Confirmar',
      message: M.confirmarDescartar(d.deviceId),
      danger: true,
      onAccept: () => descartar.mutate({ deviceId: d.deviceId }),
    });
  // PrimeReact keeps a cell as first drawn until its row changes (BodyCell is memoised on the row's data): the
  // buttons call the handlers of the latest render through this, or a company chosen later would go unseen.
  const acoes = useRef({ vincular, confirmarDescarte });
  useEffect(() => {
    acoes.current = { vincular, confirmarDescarte };
  });

  if (equipamentos.length === 0) return null;

  return (
    <section className="push-desconhecidos" aria-labelledby="push-desconhecidos-titulo">
      <h2 id="push-desconhecidos-titulo">{M.desconhecidosTitulo}</h2>
      <p className="push-dica">{M.desconhecidosAviso}</p>
      <ListTable<EquipamentoDesconhecido>
        query={query}
        table={table}
        value={equipamentos}
        dataKey="deviceId"
        sortable={false}
        loading={false}
        emptyMessage=""
        ariaLabel={M.desconhecidosTitulo}
        pageReportTemplate={RELATORIO_PAGINA}
      >
        <Column field="deviceId" header="Device Id" bodyClassName="nowrap" />
        <Column
          field="primeiraChamada"
          header="Primeira chamada"
          body={(d: EquipamentoDesconhecido) => formatDateTime(d.primeiraChamada)}
          bodyClassName="nowrap"
        />
        <Column
          field="ultimaChamada"
          header="Última chamada"
          body={(d: EquipamentoDesconhecido) => formatDateTime(d.ultimaChamada)}
          bodyClassName="nowrap"
        />
        <Column field="chamadas" header="Chamadas" headerClassName="push-col-numero" bodyClassName="push-col-numero" />
        {podeVincular || podeDescartar ? (
          <Column
            header="Ações"
            bodyClassName="push-desconhecidos-acoes"
            body={(d: EquipamentoDesconhecido) => (
              <>
                {podeVincular ? (
                  <Button
                    type="button"
                    label="Vincular"
                    icon="pi pi-link"
                    size="small"
                    text
                    aria-label={`Vincular o equipamento ${d.deviceId}`}
                    onClick={() => acoes.current.vincular(d)}
                  />
                ) : null}
                {podeDescartar ? (
                  <Button
                    type="button"
                    label="Descartar"
                    icon="pi pi-trash"
                    size="small"
                    text
                    severity="danger"
                    aria-label={`Descartar o equipamento ${d.deviceId}`}
                    onClick={() => acoes.current.confirmarDescarte(d)}
                  />
                ) : null}
              </>
            )}
          />
        ) : null}
      </ListTable>
      <VincularEquipamentoDialog equipamento={vinculando} relogios={relogios} onHide={() => setVinculando(null)} />
    </section>
  );
}
