import { type FieldValues } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { Field, text, type ControlProps } from './form-controls';
import { MASKS, type MaskKind } from './masks';

/**
 * Masked text (CPF, CNPJ, CPF-or-CNPJ, phones, CEP, time HH:MM). The mask is
 * applied while typing; the form value is the digits only — except 'hora',
 * whose wire form is the formatted 'HH:MM' itself.
 */
export function MaskedControl<T extends FieldValues>({
  mask,
  placeholder,
  ...props
}: ControlProps<T> & { mask: MaskKind; placeholder?: string }) {
  const m = MASKS[mask];
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <InputText
          id={props.id}
          ref={field.ref}
          name={field.name}
          value={m.format(text(field.value))}
          onChange={(e) => field.onChange(m.toValue(e.target.value))}
          onBlur={field.onBlur}
          inputMode="numeric"
          maxLength={m.maxLength}
          placeholder={placeholder ?? m.placeholder}
          autoComplete="off"
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          invalid={state.invalid}
          {...a11y}
        />
      )}
    />
  );
}

/** Time of day as HH:MM (architecture §1 'time input HH:MM'). */
export function TimeControl<T extends FieldValues>(props: ControlProps<T>) {
  return <MaskedControl {...props} mask="hora" />;
}
