import { clienteAppApi, formatCnpj, type CredencialApp, type TipoDispositivoApp } from '@jornada/contracts';
import { CheckControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import { TextControl } from '../../../components/ui/text-controls';
import { criarUsuarioDesktop, criarUsuarioMobile, listarCnpjsApp, listarUsuariosApp } from '../api/cliente-app-api';

const L = clienteAppApi.CLIENTE_APP_LIMITS;

/**
 * Novo Usuário Desktop / Mobile (seed 001 §2.9, §5 'Cliente App'): the
 * company and the clock serials separated by commas; or the company, the
 * employee's badge, a description and Admin. The answer — login and secret —
 * goes to the success dialog.
 */
export function NovoUsuarioAppDialog({
  tipo,
  idCnpjInicial,
  onHide,
  onCriado,
}: {
  tipo: TipoDispositivoApp | null;
  idCnpjInicial: number | null;
  onHide: () => void;
  onCriado: (c: CredencialApp) => void;
}) {
  const cnpjs = listarCnpjsApp.useQuery({});
  const empresas = (cnpjs.data ?? []).map((c) => ({
    value: c.id,
    label: c.cnpjNome || `${formatCnpj(c.numero)} - ${c.razaoSocial}`,
  }));
  const desktop = criarUsuarioDesktop.useMutation({ invalidates: [listarUsuariosApp.endpoint] });
  const mobile = criarUsuarioMobile.useMutation({ invalidates: [listarUsuariosApp.endpoint] });
  const campoEmpresa = (control: never) => (
    <SelectControl
      control={control}
      name="idCnpj"
      id="usuario-app-empresa"
      label="Empresa"
      options={empresas}
      placeholder="Selecione uma empresa"
    />
  );
  if (tipo === 'desktop') {
    return (
      <FormDialog
        schema={clienteAppApi.formularioDesktop}
        visible
        header="Novo Usuário Desktop"
        values={{ idCnpj: idCnpjInicial ?? (undefined as never), detalhes: '' }}
        pending={desktop.isPending}
        onHide={onHide}
        onSubmit={(v) => desktop.mutate(v, { onSuccess: onCriado })}
      >
        {({ control }) => (
          <>
            {campoEmpresa(control as never)}
            <TextControl
              control={control}
              name="detalhes"
              id="usuario-app-series"
              label="Números de série dos relógios (separados por vírgula)"
              maxLength={L.detalhes}
              autoFocus
            />
          </>
        )}
      </FormDialog>
    );
  }
  return (
    <FormDialog
      schema={clienteAppApi.formularioMobile}
      visible={tipo === 'celular'}
      header="Novo Usuário Mobile"
      values={{ idCnpj: idCnpjInicial ?? (undefined as never), detalhes: '', cracha: '', ehAdmin: false }}
      pending={mobile.isPending}
      onHide={onHide}
      onSubmit={(v) => mobile.mutate(v, { onSuccess: onCriado })}
    >
      {({ control }) => (
        <>
          {campoEmpresa(control as never)}
          <TextControl
            control={control}
            name="cracha"
            id="usuario-app-cracha"
            label="Crachá do funcionário"
            maxLength={L.cracha}
            autoFocus
          />
          <TextControl
            control={control}
            name="detalhes"
            id="usuario-app-detalhes"
            label="Detalhes"
            maxLength={L.detalhes}
          />
          <CheckControl control={control} name="ehAdmin" id="usuario-app-admin" label="Admin" />
        </>
      )}
    </FormDialog>
  );
}
