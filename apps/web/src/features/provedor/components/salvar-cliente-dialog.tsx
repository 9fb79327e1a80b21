import { LIMITS, provedorApi, type ClienteForm } from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { MaskedControl } from '../../../components/ui/masked-control';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control';
import { listarPlanos, salvarCliente } from '../api/provedor-api';
import { listarClientes } from '../../../shared/lookups-api';

const emptyForm: ClienteForm = {
  nome: '',
  idPlano: null,
  cnpj: '',
  razaoSocial: '',
  nomeAdministrador: '',
  emailAdministrador: '',
};

/**
 * Novo cliente (issue 9): the customer, its main company and CNPJ (check
 * digits verified here and on the server) and its first administrator, who
 * receives by e-mail a link to create the password — no password is typed,
 * shown or mailed.
 */
export function SalvarClienteDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const planos = listarPlanos.useQuery({}, { enabled: visible });
  const salvar = salvarCliente.useMutation({ invalidates: [listarClientes.endpoint, listarPlanos.endpoint] });
  const options: SelectOption<number>[] = (planos.data ?? []).map((p) => ({ label: p.nome, value: p.id }));
  return (
    <FormDialog
      schema={provedorApi.clienteForm}
      visible={visible}
      header="Novo Cliente"
      values={emptyForm}
      pending={salvar.isPending}
      onHide={onHide}
      width="36rem"
      onSubmit={(cliente) => salvar.mutate({ cliente }, { onSuccess: onHide })}
    >
      {({ control }) => (
        <>
          <TextControl
            control={control}
            name="nome"
            id="cliente-nome"
            label="Nome do cliente"
            maxLength={LIMITS.clienteNome}
            autoFocus
          />
          <SelectControl control={control} name="idPlano" id="cliente-plano" label="Plano" options={options} />
          <MaskedControl control={control} name="cnpj" id="cliente-cnpj" label="CNPJ principal" mask="cnpj" />
          <TextControl
            control={control}
            name="razaoSocial"
            id="cliente-razao-social"
            label="Razão social"
            maxLength={LIMITS.empresaRazaoSocial}
          />
          <TextControl
            control={control}
            name="nomeAdministrador"
            id="cliente-admin-nome"
            label="Nome do administrador"
            maxLength={LIMITS.nome}
          />
          <TextControl
            control={control}
            name="emailAdministrador"
            id="cliente-admin-email"
            label="E-mail do administrador"
            type="email"
            maxLength={LIMITS.email}
          />
          <p className="form-note">
            O administrador recebe por e-mail um link para criar a própria senha (válido por 72 horas, uso único).
          </p>
        </>
      )}
    </FormDialog>
  );
}
