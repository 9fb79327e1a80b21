import { type FieldValues } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { Field, type ControlProps } from './form-controls';

export interface SelectOption<V extends string | number> {
  label: string;
  value: V;
}

/** A closed list (Dropdown); `null` when nothing is chosen. */
export function SelectControl<T extends FieldValues, V extends string | number>({
  options,
  placeholder = 'Selecione',
  showClear = false,
  filter = false,
  emptyMessage,
  ...props
}: ControlProps<T> & {
  options: readonly SelectOption<V>[];
  placeholder?: string;
  showClear?: boolean;
  /** A search box over the options (long lists: the cities of a state, users, employees). */
  filter?: boolean;
  /** What the open list says when it has no options. */
  emptyMessage?: string;
}) {
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <Dropdown
          inputId={props.id}
          inputRef={field.ref}
          value={field.value ?? null}
          options={[...options]}
          optionLabel="label"
          optionValue="value"
          onChange={(e) => field.onChange(e.value ?? null)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          showClear={showClear}
          filter={filter}
          filterPlaceholder="Buscar"
          filterInputAutoFocus={filter}
          emptyFilterMessage="Nenhum resultado encontrado"
          emptyMessage={emptyMessage ?? 'Nenhuma opção disponível'}
          disabled={props.disabled}
          autoFocus={props.autoFocus}
          invalid={state.invalid}
          className="w-full"
          {...a11y}
        />
      )}
    />
  );
}
