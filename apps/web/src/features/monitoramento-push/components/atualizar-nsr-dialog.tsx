import { z } from 'zod';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import {
  MONITORAMENTO_PUSH_MSG as M,
  monitoramentoPushApi,
  onlyDigits,
  type MonitoramentoPush,
} from '@jornada/contracts';
import { Field, text } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { atualizarNsr, buscarMonitoramento, listarMonitoramento } from '../api/monitoramento-push-api';

/** The NSR as the server takes it: digits, present and above 0, else 'Informe o NSR' (seed 001 §5). */
const schema = z.object({ nsr: monitoramentoPushApi.atualizarNsr.body.shape.nsr });
const DIGITOS_NSR = String(monitoramentoPushApi.NSR_MAXIMO).length;

/** A read-only line of the dialog: what the NSR belongs to. */
function Somente({ id, label, value }: { id: string; label: string; value: string | null }) {
  return (
    <FormField id={id} label={label}>
      <InputText id={id} value={value ?? ''} readOnly tabIndex={-1} className="push-somente-leitura" />
    </FormField>
  );
}

/**
 * Atualizar NSR (seed 001 §2.12, §5 'Push monitoring'): the clock's place,
 * model and serial read-only, and the number from which its punches are
 * collected, read again from the server when the dialog opens (the list's
 * copy may be older than the last collection). Digits only; empty or 0 is
 * 'Informe o NSR' and nothing is sent.
 */
export function AtualizarNsrDialog({ linha, onHide }: { linha: MonitoramentoPush | null; onHide: () => void }) {
  const atual = buscarMonitoramento.useQuery(
    { id: linha?.id ?? 0 },
    // Every opening reads it afresh: the clock keeps moving its NSR while the screen is open.
    { enabled: linha !== null, staleTime: 0 },
  );
  const salvar = atualizarNsr.useMutation({ invalidates: [listarMonitoramento.endpoint] });
  const dados = atual.data && !atual.isFetching ? atual.data : undefined;
  return (
    <FormDialog
      schema={schema}
      visible={linha !== null}
      header="Atualizar NSR"
      values={dados ? { nsr: dados.nsr === null ? '' : String(dados.nsr) } : undefined}
      loadFailed={
        atual.isError && !atual.isFetching ? { onRetry: () => void atual.refetch(), retrying: false } : undefined
      }
      pending={salvar.isPending}
      onHide={onHide}
      width="34rem"
      onSubmit={(v) => linha && salvar.mutate({ id: linha.id, nsr: v.nsr }, { onSuccess: onHide })}
    >
      {({ control }) => (
        <>
          <div className="form-columns">
            <Somente id="nsr-local" label="Local" value={dados?.localInstalacao ?? null} />
            <Somente id="nsr-modelo" label="Modelo" value={dados?.modelo ?? null} />
            <Somente id="nsr-serie" label="Número de Série" value={dados?.numeroSerie ?? null} />
            <Field
              control={control}
              name="nsr"
              id="nsr-valor"
              label="NSR"
              render={(field, state, a11y) => (
                <InputText
                  id="nsr-valor"
                  ref={field.ref}
                  name={field.name}
                  value={text(field.value)}
                  // Digits only, typed or pasted (seed 001 §5).
                  onChange={(e) => field.onChange(onlyDigits(e.target.value).slice(0, DIGITOS_NSR))}
                  onBlur={field.onBlur}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={DIGITOS_NSR}
                  autoFocus
                  invalid={state.invalid}
                  {...a11y}
                />
              )}
            />
          </div>
          <Message severity="warn" text={M.avisoNsr} className="push-aviso-nsr" />
        </>
      )}
    </FormDialog>
  );
}
