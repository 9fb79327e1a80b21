import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LIMITS, usuarioApi, type NovoUsuarioForm } from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control';
import { listarPerfisUsuario, listarUsuarios, salvarUsuario } from '../api/usuarios-api';

type Form = UseFormReturn<NovoUsuarioForm, unknown, unknown>;

/** The profile defaults to the first offered (seed 000 §5), also when the list arrives after the dialog opened. */
function FirstProfileByDefault({ form, first }: { form: Form; first: number | undefined }) {
  const { getValues, setValue } = form;
  useEffect(() => {
    if (first !== undefined && (getValues('idPerfil') ?? null) === null) setValue('idPerfil', first);
  }, [first, getValues, setValue]);
  return null;
}

/**
 * 'Novo Usuário' (seed 000 §2.6, §5): Nome, E-mail (trimmed), Perfil. No
 * password: the server mails the new user a link to create one.
 */
export function SalvarUsuarioDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const perfis = listarPerfisUsuario.useQuery({}, { enabled: visible });
  const salvar = salvarUsuario.useMutation({ invalidates: [listarUsuarios.endpoint] });
  const options: SelectOption<number>[] = (perfis.data ?? []).map((p) => ({ label: p.nome, value: p.id }));
  const first = perfis.data?.[0]?.id;
  return (
    <FormDialog
      schema={usuarioApi.novoUsuarioForm}
      visible={visible}
      header="Novo Usuário"
      values={{ nome: '', email: '', idPerfil: first ?? (null as unknown as number) }}
      pending={salvar.isPending}
      onHide={onHide}
      onSubmit={(v) =>
        salvar.mutate({ usuario: { nome: v.nome, email: v.email }, perfil: { id: v.idPerfil } }, { onSuccess: onHide })
      }
    >
      {(form) => (
        <>
          <FirstProfileByDefault form={form as unknown as Form} first={first} />
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
        </>
      )}
    </FormDialog>
  );
}
