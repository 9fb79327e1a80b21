import { cargoApi, LIMITS, type Cargo, type CargoForm } from '@jornada/contracts';
import { SwitchControl, TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { salvarCargo } from '../api/cargos-api';
import { listarCargos } from '../../../shared/lookups-api';

const emptyForm: CargoForm = { id: null, codigo: '', nome: '', gerarCodogioEmSequencia: true };
const fromCargo = (c: Cargo): CargoForm => ({
  id: c.id,
  codigo: c.codigo,
  nome: c.nome,
  gerarCodogioEmSequencia: false,
});

/**
 * Create/edit a cargo (seed 000 §2.5, §5). The contract's cargoForm validates
 * here and on the server ('Informe o nome', 'Informe o código'). A new cargo
 * may take the next code automatically; an edited one always shows its code.
 */
export function SalvarCargoDialog({
  visible,
  cargo,
  onHide,
}: {
  visible: boolean;
  cargo: Cargo | null;
  onHide: () => void;
}) {
  const editing = cargo !== null;
  const salvar = salvarCargo.useMutation({ invalidates: [listarCargos.endpoint] });
  return (
    <FormDialog
      schema={cargoApi.cargoForm}
      visible={visible}
      header={editing ? 'Editar Cargo' : 'Novo Cargo'}
      values={cargo ? fromCargo(cargo) : emptyForm}
      pending={salvar.isPending}
      onHide={onHide}
      onSubmit={(values) => {
        // With the automatic sequence the server chooses the code: send none.
        const auto = !editing && values.gerarCodogioEmSequencia;
        salvar.mutate({ cargo: auto ? { ...values, codigo: null } : values }, { onSuccess: onHide });
      }}
    >
      {({ control, watch, setValue, formState }) => {
        const auto = !editing && watch('gerarCodogioEmSequencia') === true;
        return (
          <>
            {editing ? null : (
              <SwitchControl
                control={control}
                name="gerarCodogioEmSequencia"
                id="cargo-gerar-codigo"
                label="Gerar código em sequência"
                onToggle={(on) => on && setValue('codigo', '', { shouldValidate: formState.isSubmitted })}
              />
            )}
            <TextControl
              control={control}
              name="codigo"
              id="cargo-codigo"
              label="Código"
              maxLength={LIMITS.cargoCodigo}
              disabled={auto}
              placeholder={auto ? 'Gerado automaticamente' : undefined}
              autoFocus={editing}
            />
            <TextControl
              control={control}
              name="nome"
              id="cargo-nome"
              label="Nome"
              maxLength={LIMITS.cargoNome}
              autoFocus={!editing}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
