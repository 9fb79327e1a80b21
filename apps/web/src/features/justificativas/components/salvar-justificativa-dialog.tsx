import { justificativaApi, type Justificativa, type JustificativaForm } from '@jornada/contracts';
import { SwitchControl, TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import { listarJustificativas, salvarJustificativa } from '../api/justificativas-api';

const L = justificativaApi.JUSTIFICATIVA_LIMITS;
const TIPOS = justificativaApi.TIPOS_JUSTIFICATIVA.map((t) => ({ label: t.descricao, value: t.tipo }));

const emptyForm: JustificativaForm = { id: null, descricao: '', inibirAcesso: false, tipo: null };
const fromRow = (r: Justificativa): JustificativaForm => ({
  id: r.id,
  descricao: r.descricao,
  inibirAcesso: r.inibirAcesso,
  tipo: r.tipo,
});

/**
 * Create/edit a justification (seed 000 §3, §5): descrição (80), tipo 1–5 and
 * 'Inibir acessos'. The contract's form validates here and on the server.
 */
export function SalvarJustificativaDialog({
  visible,
  row,
  onHide,
}: {
  visible: boolean;
  row: Justificativa | null;
  onHide: () => void;
}) {
  const editing = row !== null;
  const salvar = salvarJustificativa.useMutation({ invalidates: [listarJustificativas.endpoint] });
  return (
    <FormDialog
      schema={justificativaApi.justificativaForm}
      visible={visible}
      header={editing ? 'Editar Justificativa' : 'Nova Justificativa'}
      values={row ? fromRow(row) : emptyForm}
      pending={salvar.isPending}
      onHide={onHide}
      onSubmit={(values) => salvar.mutate({ justificativa: values }, { onSuccess: onHide })}
    >
      {({ control }) => (
        <>
          <TextControl
            control={control}
            name="descricao"
            id="justificativa-descricao"
            label="Descrição"
            maxLength={L.descricao}
            autoFocus
          />
          <SelectControl control={control} name="tipo" id="justificativa-tipo" label="Tipo" options={TIPOS} />
          <SwitchControl control={control} name="inibirAcesso" id="justificativa-inibir" label="Inibir acessos" />
        </>
      )}
    </FormDialog>
  );
}
