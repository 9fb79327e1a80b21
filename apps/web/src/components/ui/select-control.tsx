import { type FieldValues } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { Field, type ControlProps } from './form-controls';

export interface SelectOption<V extends string | number> {
  label: string;
  value: V;
}

/**
 * A closed list (Dropdown); `null` when nothing is chosen. `filter` adds a
 * search box (long lists: cities); `onValueChange` lets a form react to a
 * choice (e.g. clear the fields the choice makes meaningless); `emptyMessage`
 * says what an empty list means (e.g. 'Nenhum setor cadastrado'); `loading`
 * says the options are on their way: the list shows a spinner and stays shut
 * until they arrive, so nobody picks from a list that is about to change
 * under the pointer.
 */
export function SelectControl<T extends FieldValues, V extends string | number>({
  options,
  placeholder = 'Selecione',
  showClear = false,
  filter = false,
  emptyMessage,
  onValueChange,
  loading = false,
  ...props
}: ControlProps<T> & {
  options: readonly SelectOption<V>[];
  placeholder?: string;
  showClear?: boolean;
  /** A search box over the options (long lists: the cities of a state, users, employees). */
  filter?: boolean;
  /** What the open list says when it has no options. */
  emptyMessage?: string;
  onValueChange?: (value: V | null) => void;
  /** The options are being fetched (the cities of a state just chosen). */
  loading?: boolean;
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
          onChange={(e) => {
            field.onChange(e.value ?? null);
            onValueChange?.((e.value as V | undefined) ?? null);
          }}
          filterLocale="pt-BR"
          emptyMessage={emptyMessage ?? 'Nenhuma opção'}
          onBlur={field.onBlur}
          placeholder={loading ? 'Carregando…' : placeholder}
          loading={loading}
          showClear={showClear}
          filter={filter}
          filterPlaceholder="Buscar"
          filterInputAutoFocus={filter}
          emptyFilterMessage="Nenhum resultado encontrado"
          disabled={props.disabled || loading}
          autoFocus={props.autoFocus}
          invalid={state.invalid}
          className="w-full"
          {...a11y}
        />
      )}
    />
  );
}
