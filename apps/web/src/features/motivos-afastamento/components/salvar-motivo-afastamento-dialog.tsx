import { LIMITS, motivoAfastamentoApi, type MotivoAfastamento, type MotivoAfastamentoForm } from '@jornada/contracts';
import { SwitchControl, TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { listarMotivosAfastamento, salvarMotivoAfastamento } from '../api/motivos-afastamento-api';

const emptyForm: MotivoAfastamentoForm = { id: null, descricao: '', definitivo: false };
const fromRow = (r: MotivoAfastamento): MotivoAfastamentoForm => ({
  id: r.id,
  descricao: r.descricao,
  definitivo: r.definitivo,
});

/**
 * Create/edit an absence reason (seed 000 §3, §5). 'Definitivo' is chosen on
 * creation only: on edit it is shown, disabled, and not sent.
 */
export function SalvarMotivoAfastamentoDialog({
  visible,
  row,
  onHide,
}: {
  visible: boolean;
  row: MotivoAfastamento | null;
  onHide: () => void;
}) {
  const editing = row !== null;
  const salvar = salvarMotivoAfastamento.useMutation({ invalidates: [listarMotivosAfastamento.endpoint] });
  return (
    <FormDialog
      schema={motivoAfastamentoApi.motivoAfastamentoForm}
      visible={visible}
      header={editing ? 'Editar Motivo de Afastamento' : 'Novo Motivo de Afastamento'}
      values={row ? fromRow(row) : emptyForm}
      pending={salvar.isPending}
      onHide={onHide}
      onSubmit={({ definitivo, ...values }) =>
        salvar.mutate({ motivoAfastamento: editing ? values : { ...values, definitivo } }, { onSuccess: onHide })
      }
    >
      {({ control }) => (
        <>
          <TextControl
            control={control}
            name="descricao"
            id="motivo-descricao"
            label="Descrição"
            maxLength={LIMITS.motivoDescricao}
            autoFocus
          />
          <SwitchControl
            control={control}
            name="definitivo"
            id="motivo-definitivo"
            label="Definitivo"
            disabled={editing}
          />
          {editing ? <small className="form-note">Definitivo é escolhido só no cadastro.</small> : null}
        </>
      )}
    </FormDialog>
  );
}
