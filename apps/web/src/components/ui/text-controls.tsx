import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { FormField } from './form-field';

/**
 * The house form row for react-hook-form: label, control, validation message
 * (wired for screen readers). Every control takes the same base props, so a
 * form built from a contract schema reads as a list of fields. Controls with a
 * heavy widget (calendar, dropdown) live in their own modules so a screen that
 * does not use them does not download them. This module holds the text ones
 * (the login's, on the first page); form-controls.tsx adds the yes/no ones.
 */
export interface ControlProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  disabled?: boolean;
  /** Focus on mount: a dialog's first field gets focus before the user can type (see FormDialog). */
  autoFocus?: boolean;
}

type Render<T extends FieldValues> = (
  field: ControllerRenderProps<T, Path<T>>,
  state: ControllerFieldState,
  a11y: { 'aria-invalid': boolean; 'aria-describedby': string | undefined },
) => ReactNode;

export function Field<T extends FieldValues>({
  control,
  name,
  id,
  label,
  render,
  hint,
}: ControlProps<T> & { render: Render<T>; hint?: (value: unknown) => ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message} hint={hint?.(field.value)}>
          {render(field, fieldState, {
            'aria-invalid': fieldState.invalid,
            'aria-describedby': fieldState.error ? `${id}-erro` : undefined,
          })}
        </FormField>
      )}
    />
  );
}

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Text input; with `maxLength` it shows a live 'n/max' counter (seed 000 §9 limits). */
export function TextControl<T extends FieldValues>({
  autoComplete,
  type = 'text',
  maxLength,
  placeholder,
  ...props
}: ControlProps<T> & { type?: 'text' | 'email'; autoComplete?: string; maxLength?: number; placeholder?: string }) {
  return (
    <Field
      {...props}
      hint={
        // A disabled field cannot be typed into: its counter would be noise.
        maxLength === undefined || props.disabled
          ? undefined
          : (v) => (
              <span className="field-counter" aria-live="polite">
                {text(v).length}/{maxLength}
              </span>
            )
      }
      render={(field, state, a11y) => (
        <InputText
          id={props.id}
          type={type}
          ref={field.ref}
          name={field.name}
          value={text(field.value)}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          autoComplete={autoComplete ?? 'off'}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          placeholder={placeholder}
          maxLength={maxLength}
          invalid={state.invalid}
          {...a11y}
        />
      )}
    />
  );
}

/** Password input (show/hide toggle, no strength meter). */
export function PasswordControl<T extends FieldValues>({
  autoComplete,
  ...props
}: ControlProps<T> & { autoComplete?: string }) {
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <Password
          inputId={props.id}
          inputRef={field.ref}
          name={field.name}
          value={text(field.value)}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          feedback={false}
          toggleMask
          autoComplete={autoComplete}
          autoFocus={props.autoFocus}
          invalid={state.invalid}
          className="w-full"
          inputClassName="w-full"
          {...a11y}
        />
      )}
    />
  );
}
