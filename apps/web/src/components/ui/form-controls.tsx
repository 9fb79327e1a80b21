import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { FormField } from './form-field';

interface ControlProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  autoComplete?: string;
  autoFocus?: boolean;
}

/** A react-hook-form text input with its label and message (the house form row). */
export function TextControl<T extends FieldValues>({
  control,
  name,
  id,
  label,
  autoComplete,
  autoFocus,
  type = 'text',
}: ControlProps<T> & { type?: 'text' | 'email' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message}>
          <InputText
            id={id}
            type={type}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            {...field}
            invalid={fieldState.invalid}
            aria-invalid={fieldState.invalid}
          />
        </FormField>
      )}
    />
  );
}

/** A react-hook-form password input (show/hide toggle, no strength meter). */
export function PasswordControl<T extends FieldValues>({ control, name, id, label, autoComplete }: ControlProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message}>
          <Password
            inputId={id}
            inputRef={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            feedback={false}
            toggleMask
            autoComplete={autoComplete}
            invalid={fieldState.invalid}
            aria-invalid={fieldState.invalid}
            className="w-full"
            inputClassName="w-full"
          />
        </FormField>
      )}
    />
  );
}
