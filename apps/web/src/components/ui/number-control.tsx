import { type FieldValues } from 'react-hook-form';
import { InputNumber } from 'primereact/inputnumber';
import { Field, type ControlProps } from './form-controls';

/** A whole number within `min`..`max`, typed without grouping (seed 000 §5: closing days 1 to 31). */
export function IntegerControl<T extends FieldValues>({
  min,
  max,
  onValueChange,
  ...props
}: ControlProps<T> & { min: number; max: number; onValueChange?: (value: number | null) => void }) {
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <InputNumber
          inputId={props.id}
          inputRef={field.ref}
          name={field.name}
          value={typeof field.value === 'number' ? field.value : null}
          // onChange follows the typing; onValueChange comes on blur (with min/max applied).
          onChange={(e) => {
            const v = typeof e.value === 'number' ? e.value : null;
            if (v === field.value) return;
            field.onChange(v);
            onValueChange?.(v);
          }}
          onValueChange={(e) => {
            const v = typeof e.value === 'number' ? e.value : null;
            if (v === field.value) return;
            field.onChange(v);
            onValueChange?.(v);
          }}
          onBlur={field.onBlur}
          min={min}
          max={max}
          useGrouping={false}
          maxFractionDigits={0}
          allowEmpty
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          invalid={state.invalid}
          className="w-full"
          inputClassName="w-full"
          {...a11y}
        />
      )}
    />
  );
}
