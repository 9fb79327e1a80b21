import { LIMITS, MSG, perfilPermissaoApi, type NovoPerfilForm } from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';

const empty: NovoPerfilForm = { nome: '' };

/**
 * 'Novo Perfil' (seed 000 §2.6, §5): only the name ('Informe o nome',
 * trimmed). The profile exists on the screen until Salvar sends it with its
 * ticked permissions.
 */
export function SalvarPerfilDialog({
  visible,
  onHide,
  onCreate,
  nomesUsados,
}: {
  visible: boolean;
  onHide: () => void;
  onCreate: (nome: string) => void;
  nomesUsados: readonly string[];
}) {
  return (
    <FormDialog
      schema={perfilPermissaoApi.novoPerfilForm}
      visible={visible}
      header="Novo Perfil"
      values={empty}
      pending={false}
      onHide={onHide}
      onSubmit={(v, form) => {
        if (nomesUsados.includes(v.nome)) {
          form.setError('nome', { message: MSG.perfilNomeEmUso });
          return;
        }
        onCreate(v.nome);
      }}
    >
      {({ control }) => (
        <TextControl
          control={control}
          name="nome"
          id="perfil-nome"
          label="Nome"
          maxLength={LIMITS.perfilNome}
          autoFocus
        />
      )}
    </FormDialog>
  );
}
