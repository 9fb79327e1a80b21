import { feriadoApi } from '@jornada/contracts';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { copiarFeriados, listarFeriados } from '../api/feriados-api';
import { YearControl } from '../../../components/ui/number-control';

/**
 * 'Copiar feriados' (seed 000 §2.5, §5): De / Para, years 1–9999 typed
 * without grouping. The server copies the fixed holidays, recomputes the
 * Easter ones, skips those the target year already has, and says how many.
 */
export function CopiarFeriadosDialog({
  visible,
  ano,
  onHide,
  onCopied,
}: {
  visible: boolean;
  ano: number;
  onHide: () => void;
  /** The target year, to show it after the copy. */
  onCopied: (anoPara: number) => void;
}) {
  const copiar = copiarFeriados.useMutation({ invalidates: [listarFeriados.endpoint] });
  return (
    <FormDialog
      schema={feriadoApi.copiarFeriados.body}
      visible={visible}
      header="Copiar feriados"
      values={{ anoDe: ano, anoPara: ano + 1 }}
      pending={copiar.isPending}
      onHide={onHide}
      width="26rem"
      submitLabel="Copiar"
      submitIcon="pi pi-copy"
      onSubmit={({ anoDe, anoPara }) =>
        copiar.mutate(
          { anoDe, anoPara },
          {
            onSuccess: () => {
              onHide();
              onCopied(anoPara);
            },
          },
        )
      }
    >
      {({ control }) => (
        <div className="form-row">
          <YearControl control={control} name="anoDe" id="copiar-de" label="De" autoFocus />
          <YearControl control={control} name="anoPara" id="copiar-para" label="Para" />
        </div>
      )}
    </FormDialog>
  );
}
