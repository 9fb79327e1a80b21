import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { LOCALE } from '../../shared/primereact-locale';
import { fromWireDate, fromWireMonth, toWireDate, toWireMonth } from '../../shared/format';
import { FormField } from './form-field';
import { MASKS, type MaskKind } from './masks';

/**
 * The house form row for react-hook-form: label, control, validation message
 * (wired for screen readers). Every control takes the same base props, so a
 * form built from a contract schema reads as a list of fields.
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

function Field<T extends FieldValues>({
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

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

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
        maxLength === undefined
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

/** On/off switch with its label beside it; `onToggle` lets a form react (e.g. clear a field the switch replaces). */
export function SwitchControl<T extends FieldValues>({
  control,
  name,
  id,
  label,
  disabled,
  onToggle,
}: ControlProps<T> & { onToggle?: (checked: boolean) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="form-switch">
          <InputSwitch
            inputId={id}
            inputRef={field.ref}
            checked={field.value === true}
            disabled={disabled}
            onChange={(e) => {
              field.onChange(e.value === true);
              onToggle?.(e.value === true);
            }}
          />
          <label htmlFor={id}>{label}</label>
        </div>
      )}
    />
  );
}

export interface SelectOption<V extends string | number> {
  label: string;
  value: V;
}

/** A closed list (Dropdown); `null` when nothing is chosen. */
export function SelectControl<T extends FieldValues, V extends string | number>({
  options,
  placeholder = 'Selecione',
  showClear = false,
  ...props
}: ControlProps<T> & { options: readonly SelectOption<V>[]; placeholder?: string; showClear?: boolean }) {
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

/**
 * Calendar pickers: the screen shows dd/mm/yyyy (or mm/yyyy) in Portuguese,
 * the form value is the wire text 'yyyy-mm-dd' (or 'yyyy-mm'), null when empty
 * (seed 000 §9). The conversions are local-day, never through UTC.
 */
function CalendarControl<T extends FieldValues>({ view, ...props }: ControlProps<T> & { view: 'date' | 'month' }) {
  const [toDate, toWire] = view === 'date' ? [fromWireDate, toWireDate] : [fromWireMonth, toWireMonth];
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <Calendar
          inputId={props.id}
          inputRef={field.ref}
          value={toDate(text(field.value))}
          onChange={(e) => field.onChange(e.value instanceof Date ? toWire(e.value) : null)}
          onBlur={field.onBlur}
          view={view}
          dateFormat={view === 'date' ? 'dd/mm/yy' : 'mm/yy'}
          locale={LOCALE}
          placeholder={view === 'date' ? 'dd/mm/aaaa' : 'mm/aaaa'}
          showIcon
          showButtonBar={view === 'date'}
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

export function DateControl<T extends FieldValues>(props: ControlProps<T>) {
  return <CalendarControl {...props} view="date" />;
}

export function MonthControl<T extends FieldValues>(props: ControlProps<T>) {
  return <CalendarControl {...props} view="month" />;
}

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
