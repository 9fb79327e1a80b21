import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { cargoApi, LIMITS, type Cargo } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { useSalvarCargo } from '../api/salvar-cargo';

type FormIn = z.input<typeof cargoApi.cargoForm>;
type FormOut = z.output<typeof cargoApi.cargoForm>;

const emptyForm = (): FormIn => ({ id: null, codigo: '', nome: '', gerarCodogioEmSequencia: true });
const fromCargo = (c: Cargo): FormIn => ({ id: c.id, codigo: c.codigo, nome: c.nome, gerarCodogioEmSequencia: false });

/**
 * Create/edit a cargo (seed 000 §2.5, §5). The contract's cargoForm validates
 * here and on the server, so the messages ('Informe o nome', 'Informe o
 * código') are the same on both sides. The dialog stays open on error.
 */
export function SaveCargoDialog({
  visible,
  cargo,
  onHide,
}: {
  visible: boolean;
  /** null = new cargo. */
  cargo: Cargo | null;
  onHide: () => void;
}) {
  const editing = cargo !== null;
  const salvar = useSalvarCargo();
  const { control, handleSubmit, reset, watch, setValue, setFocus, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(cargoApi.cargoForm),
    defaultValues: emptyForm(),
  });
  const auto = !editing && watch('gerarCodogioEmSequencia') === true;

  useEffect(() => {
    if (visible) {
      reset(cargo ? fromCargo(cargo) : emptyForm());
      salvar.reset();
    }
    // salvar.reset is stable enough; re-running on its identity would reset the form mid-edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, cargo, reset]);

  const submit = handleSubmit((values) => {
    // With the automatic sequence the server chooses the code: send none.
    const body = auto ? { ...values, codigo: null } : values;
    salvar.mutate(body, { onSuccess: onHide });
  });

  return (
    <Dialog
      header={editing ? 'Editar Cargo' : 'Novo Cargo'}
      visible={visible}
      onHide={() => {
        if (!salvar.isPending) onHide();
      }}
      onShow={() => setFocus(editing ? 'codigo' : 'nome')}
      focusOnShow={false}
      modal
      draggable={false}
      resizable={false}
      closeOnEscape
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      <form id="cargo-form" onSubmit={submit} noValidate className="form-grid">
        {!editing ? (
          <div className="form-switch">
            <Controller
              control={control}
              name="gerarCodogioEmSequencia"
              render={({ field }) => (
                <InputSwitch
                  inputId="cargo-gerar-codigo"
                  checked={field.value === true}
                  onChange={(e) => {
                    field.onChange(e.value === true);
                    if (e.value) setValue('codigo', '', { shouldValidate: formState.isSubmitted });
                  }}
                />
              )}
            />
            <label htmlFor="cargo-gerar-codigo">Gerar código em sequência</label>
          </div>
        ) : null}
        <Controller
          control={control}
          name="codigo"
          render={({ field, fieldState }) => (
            <FormField id="cargo-codigo" label="Código" error={fieldState.error?.message}>
              <InputText
                id="cargo-codigo"
                ref={field.ref}
                name={field.name}
                value={field.value === null || field.value === undefined ? '' : String(field.value)}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                disabled={auto}
                placeholder={auto ? 'Gerado automaticamente' : undefined}
                maxLength={LIMITS.cargoCodigo}
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={fieldState.error ? 'cargo-codigo-erro' : undefined}
                autoComplete="off"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="nome"
          render={({ field, fieldState }) => (
            <FormField id="cargo-nome" label="Nome" error={fieldState.error?.message}>
              <InputText
                id="cargo-nome"
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                maxLength={LIMITS.cargoNome}
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={fieldState.error ? 'cargo-nome-erro' : undefined}
                autoComplete="off"
              />
            </FormField>
          )}
        />
        <div className="dialog-actions">
          <Button
            type="button"
            label="Cancelar"
            icon="pi pi-times"
            outlined
            onClick={onHide}
            disabled={salvar.isPending}
          />
          <Button type="submit" label="Salvar" icon="pi pi-check" loading={salvar.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
