import { z } from 'zod';
import { InputText } from 'primereact/inputtext';
import {
  MONITORAMENTO_PUSH_MSG as M,
  monitoramentoPushApi,
  type EquipamentoDesconhecido,
  type MonitoramentoPush,
} from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import { listarDesconhecidos, listarMonitoramento, vincularDesconhecido } from '../api/monitoramento-push-api';

/** The clock as the server takes it: none chosen is 'Selecione o equipamento'. */
const schema = z.object({ idRelogio: monitoramentoPushApi.vincularDesconhecido.body.shape.idRelogio });
/** The form opens with no clock chosen; the schema refuses it with the server's message. */
const NENHUM = null as never;

/** How a clock is offered: its serial and where it stands. */
export const rotuloRelogio = (r: MonitoramentoPush): string => `${r.numeroSerie} - ${r.localInstalacao ?? '—'}`;

/**
 * Vincular (decision 0084): an unknown device's deviceId becomes the Id Cloud
 * of one of the chosen company's Push clocks, so its next call reaches that
 * clock. The server's message says so; the dialog closes and both lists reload.
 */
export function VincularEquipamentoDialog({
  equipamento,
  relogios,
  onHide,
}: {
  equipamento: EquipamentoDesconhecido | null;
  relogios: readonly MonitoramentoPush[];
  onHide: () => void;
}) {
  const vincular = vincularDesconhecido.useMutation({
    invalidates: [listarMonitoramento.endpoint, listarDesconhecidos.endpoint],
  });
  return (
    <FormDialog
      schema={schema}
      visible={equipamento !== null}
      header="Vincular equipamento"
      values={{ idRelogio: NENHUM }}
      pending={vincular.isPending}
      onHide={onHide}
      width="34rem"
      onSubmit={(v) =>
        equipamento &&
        vincular.mutate({ deviceId: equipamento.deviceId, idRelogio: v.idRelogio }, { onSuccess: onHide })
      }
    >
      {({ control }) => (
        <div className="form-columns">
          <FormField id="vincular-device-id" label="Device Id">
            <InputText
              id="vincular-device-id"
              value={equipamento?.deviceId ?? ''}
              readOnly
              tabIndex={-1}
              className="push-somente-leitura"
            />
          </FormField>
          <SelectControl
            control={control}
            name="idRelogio"
            id="vincular-relogio"
            label="Relógio"
            options={relogios.map((r) => ({ value: r.id, label: rotuloRelogio(r) }))}
            placeholder="Selecione o relógio"
            filter={relogios.length > 8}
            emptyMessage={M.semRelogios}
            autoFocus
          />
          <p className="push-dica push-dica-vincular">{M.avisoVincular}</p>
        </div>
      )}
    </FormDialog>
  );
}
