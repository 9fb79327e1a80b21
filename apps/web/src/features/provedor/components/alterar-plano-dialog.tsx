import { z } from 'zod';
import { provedorApi, type Cliente } from '@jornada/contracts';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control';
import { alterarPlanoCliente, listarPlanos } from '../api/provedor-api';
import { listarClientes } from '../../../shared/lookups-api';

// The same 'Selecione um plano' as the Novo Cliente form.
const schema = z.object({ idPlano: provedorApi.clienteForm.shape.idPlano });

/** Alterar plano of one customer. */
export function AlterarPlanoDialog({ cliente, onHide }: { cliente: Cliente | null; onHide: () => void }) {
  const planos = listarPlanos.useQuery({}, { enabled: cliente !== null });
  const alterar = alterarPlanoCliente.useMutation({ invalidates: [listarClientes.endpoint, listarPlanos.endpoint] });
  const options: SelectOption<number>[] = (planos.data ?? []).map((p) => ({ label: p.nome, value: p.id }));
  return (
    <FormDialog
      schema={schema}
      visible={cliente !== null}
      header={`Alterar plano — ${cliente?.nome ?? ''}`}
      values={{ idPlano: cliente?.plano?.id ?? null }}
      pending={alterar.isPending}
      onHide={onHide}
      onSubmit={({ idPlano }) => cliente && alterar.mutate({ idCliente: cliente.id, idPlano }, { onSuccess: onHide })}
    >
      {({ control }) => (
        <SelectControl control={control} name="idPlano" id="alterar-plano" label="Plano" options={options} autoFocus />
      )}
    </FormDialog>
  );
}
