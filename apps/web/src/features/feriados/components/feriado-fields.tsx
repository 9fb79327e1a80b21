import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { RadioButton } from 'primereact/radiobutton';
import { SelectControl } from '../../../components/ui/select-control';
import { listarCidades, listarEstados } from '../api/feriados-api';

/**
 * Form pieces the holiday dialogs share. They live in the feature: no other
 * screen needs them yet (move to components/ui when one does).
 */

/** Fixo / Móvel (seed 000 §3 `fixo`), as two radio buttons. */
export function FixoControl<T extends FieldValues>({
  control,
  name,
  id,
  onToggle,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  onToggle?: (fixo: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="form-radios">
          <legend>Tipo</legend>
          {[
            [true, 'Fixo'],
            [false, 'Móvel'],
          ].map(([value, label]) => (
            <div key={String(label)} className="form-radio">
              <RadioButton
                inputId={`${id}-${String(label).toLowerCase()}`}
                name={field.name}
                checked={field.value === value}
                onChange={() => {
                  field.onChange(value);
                  onToggle?.(value as boolean);
                }}
              />
              <label htmlFor={`${id}-${String(label).toLowerCase()}`}>{label}</label>
            </div>
          ))}
        </fieldset>
      )}
    />
  );
}

/**
 * State and city of a holiday (or of the optional national ones): the state
 * only filters the cities; changing it clears the city. Both come from the
 * IBGE tables.
 */
export function EstadoCidadeFields<T extends FieldValues>({
  control,
  prefix,
  estadoId,
  estadoEnabled,
  cidadeEnabled,
  onEstadoChange,
}: {
  control: Control<T>;
  prefix: string;
  estadoId: number | null;
  estadoEnabled: boolean;
  cidadeEnabled: boolean;
  onEstadoChange: () => void;
}) {
  const estados = listarEstados.useQuery({}, { staleTime: Infinity });
  const cidades = listarCidades.useQuery(
    { idEstado: estadoId ?? 0 },
    { enabled: cidadeEnabled && estadoId !== null, staleTime: Infinity },
  );
  return (
    <div className="form-row">
      <SelectControl
        control={control}
        name={'estado.id' as Path<T>}
        id={`${prefix}-estado`}
        label="Estado"
        options={(estados.data ?? []).map((e) => ({ label: `${e.uf} - ${e.nome}`, value: e.id }))}
        disabled={!estadoEnabled}
        filter
        onValueChange={onEstadoChange}
      />
      <SelectControl
        control={control}
        name={'cidade.id' as Path<T>}
        id={`${prefix}-cidade`}
        label="Cidade"
        options={(cidadeEnabled ? (cidades.data ?? []) : []).map((c) => ({ label: c.nome, value: c.id }))}
        disabled={!cidadeEnabled || estadoId === null}
        loading={cidades.isFetching}
        filter
      />
    </div>
  );
}
