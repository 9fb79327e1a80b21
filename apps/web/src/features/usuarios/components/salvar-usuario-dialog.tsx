import { LIMITS, MSG, usuarioApi, type NovoUsuarioForm } from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control';
import { listarPerfisUsuario, listarUsuarios, salvarUsuario } from '../api/usuarios-api';

/** Nothing chosen: the operator picks the profile (decision 0079). */
const NO_PROFILE = null as unknown as NovoUsuarioForm['idPerfil'];

/**
 * 'Novo Usuário' (seed 000 §2.6, §5): Nome, E-mail (trimmed), Perfil. No
 * password: the server mails the new user a link to create one. The profile starts empty, never the first
 * offered (which may be Administrador): the operator must choose (issue 24 §7, decision 0079).
 */
export function SalvarUsuarioDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const perfis = listarPerfisUsuario.useQuery({}, { enabled: visible });
  const salvar = salvarUsuario.useMutation({ invalidates: [listarUsuarios.endpoint] });
  const options: SelectOption<number>[] = (perfis.data ?? []).map((p) => ({ label: p.nome, value: p.id }));
  return (
    <FormDialog
      schema={usuarioApi.novoUsuarioForm}
      visible={visible}
      header="Novo Usuário"
      values={{ nome: '', email: '', idPerfil: NO_PROFILE }}
      pending={salvar.isPending}
      onHide={onHide}
      onSubmit={(v) =>
        salvar.mutate({ usuario: { nome: v.nome, email: v.email }, perfil: { id: v.idPerfil } }, { onSuccess: onHide })
      }
    >
      {(form) => (
        <>
          <TextControl
            control={form.control}
            name="nome"
            id="usuario-nome"
            label="Nome"
            maxLength={LIMITS.nome}
            autoFocus
          />
          <TextControl
            control={form.control}
            name="email"
            id="usuario-email"
            label="E-mail"
            type="email"
            maxLength={LIMITS.email}
          />
          <SelectControl control={form.control} name="idPerfil" id="usuario-perfil" label="Perfil" options={options} />
          <p className="muted-text" id="usuario-sem-empresas">
            {MSG.usuarioSemEmpresas}
          </p>
        </>
      )}
    </FormDialog>
  );
}
