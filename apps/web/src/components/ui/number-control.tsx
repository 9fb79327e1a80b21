import { type FieldValues } from 'react-hook-form';
import { InputNumber } from 'primereact/inputnumber';
import { Field, type ControlProps } from './form-controls';

type NumberControlProps<T extends FieldValues> = ControlProps<T> & {
  min: number;
  max: number;
  /** Decimal places allowed (0: a whole number). */
  decimals?: number;
  suffix?: string;
  /** Characters the box accepts (e.g. 4 for a year). */
  maxLength?: number;
  onValueChange?: (value: number | null) => void;
};

/**
 * A number within `min`..`max` in the Brazilian format, typed without
 * grouping (seed 000 §5: closing days 1 to 31; seed 001 §3: 52,5 minutes of a
 * night hour). The form holds the number or null.
 */
export function NumberControl<T extends FieldValues>({
  min,
  max,
  decimals = 0,
  suffix,
  maxLength,
  onValueChange,
  ...props
}: NumberControlProps<T>) {
  return (
    <Field
      {...props}
      render={(field, state, a11y) => {
        const set = (value: unknown) => {
          const v = typeof value === 'number' ? value : null;
          if (v === field.value) return;
          field.onChange(v);
          onValueChange?.(v);
        };
        return (
          <InputNumber
            inputId={props.id}
            inputRef={field.ref}
            name={field.name}
            value={typeof field.value === 'number' ? field.value : null}
            // onChange follows the typing (a value past the limits waits for the blur, where
            // onValueChange brings it clamped to min/max).
            onChange={(e) => {
              if (typeof e.value !== 'number' || (e.value >= min && e.value <= max)) set(e.value);
            }}
            onValueChange={(e) => set(e.value)}
            onBlur={field.onBlur}
            min={min}
            max={max}
            maxFractionDigits={decimals}
            // The Brazilian decimal comma only where there are decimals: whole numbers keep the plain input.
            {...(decimals > 0 ? { minFractionDigits: 0, locale: 'pt-BR' } : {})}
            useGrouping={false}
            maxLength={maxLength}
            allowEmpty
            suffix={suffix}
            autoFocus={props.autoFocus}
            disabled={props.disabled}
            invalid={state.invalid}
            className="w-full"
            inputClassName="w-full"
            {...a11y}
          />
        );
      }}
    />
  );
}

/** A whole number within `min`..`max`. */
export function IntegerControl<T extends FieldValues>(props: Omit<NumberControlProps<T>, 'decimals'>) {
  return <NumberControl {...props} />;
}

/** A year 1–9999 (seed 000 §5 Copiar feriados). */
export function YearControl<T extends FieldValues>(props: ControlProps<T>) {
  return <NumberControl {...props} min={1} max={9999} maxLength={4} />;
}
