import { z } from 'zod';
import { escalaApi, wireDate } from '@jornada/contracts';
import { DateControl } from '../../../components/ui/date-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { formatDate, hojeNaEmpresa } from '../../../shared/format';

const schema = z.object({ aPartirDe: wireDate('Informe a data "A partir de"') });

/**
 * 'A partir de' (issue 10 §2): a schedule in employees' histories is changed
 * from a date — the days before it keep the current version. The server
 * refuses a date before the latest version and says so.
 */
export function AlterarEscalaDialog({
  visible,
  ultimaVersao,
  pending,
  onHide,
  onConfirm,
}: {
  visible: boolean;
  /** yyyy-mm-dd of the latest version: the earliest day a change may start. */
  ultimaVersao: string;
  pending: boolean;
  onHide: () => void;
  onConfirm: (aPartirDe: string) => void;
}) {
  const hoje = hojeNaEmpresa();
  return (
    <FormDialog
      schema={schema}
      visible={visible}
      header="A partir de"
      values={{ aPartirDe: hoje > ultimaVersao ? hoje : ultimaVersao }}
      pending={pending}
      onHide={onHide}
      onSubmit={(v) => onConfirm(v.aPartirDe)}
    >
      {(form) => (
        <>
          <p className="form-note">{escalaApi.ESCALA_MSG.informeAPartirDe}</p>
          <p className="muted-text">
            Versão mais recente:{' '}
            {ultimaVersao === escalaApi.VALIDA_DESDE_INICIAL
              ? 'desde o início'
              : `a partir de ${formatDate(ultimaVersao)}`}
            .
          </p>
          <DateControl
            control={form.control}
            name="aPartirDe"
            id="escala-a-partir-de"
            label="A partir de"
            autoFocus
            showOnFocus={false}
          />
        </>
      )}
    </FormDialog>
  );
}
