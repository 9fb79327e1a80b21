import { Controller, type FieldValues } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import type { ControlProps } from './text-controls';

/**
 * The house form controls (text-controls.tsx says how they are built): the
 * text ones live in text-controls.tsx so the login, on the first page, does not
 * download the checkbox and the switch (issue 24, first load).
 */
export { Field, PasswordControl, TextControl, text, type ControlProps } from './text-controls';

type BooleanControlProps<T extends FieldValues> = ControlProps<T> & {
  /** Lets a form react to the change (e.g. clear a field the box replaces or makes meaningless). */
  onToggle?: (checked: boolean) => void;
};

/** A yes/no field with its label beside it, drawn as a switch or as a checkbox. */
function BooleanControl<T extends FieldValues>({
  control,
  name,
  id,
  label,
  disabled,
  onToggle,
  kind,
}: BooleanControlProps<T> & { kind: 'switch' | 'check' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const set = (checked: boolean) => {
          field.onChange(checked);
          onToggle?.(checked);
        };
        const common = { inputId: id, inputRef: field.ref, checked: field.value === true, disabled };
        return (
          <div className={kind === 'switch' ? 'form-switch' : 'form-check'}>
            {kind === 'switch' ? (
              <InputSwitch {...common} onChange={(e) => set(e.value === true)} />
            ) : (
              <Checkbox {...common} onChange={(e) => set(e.checked === true)} />
            )}
            <label htmlFor={id}>{label}</label>
          </div>
        );
      }}
    />
  );
}

/** On/off switch with its label beside it. */
export function SwitchControl<T extends FieldValues>(props: BooleanControlProps<T>) {
  return <BooleanControl {...props} kind="switch" />;
}

/** A checkbox with its label beside it. */
export function CheckControl<T extends FieldValues>(props: BooleanControlProps<T>) {
  return <BooleanControl {...props} kind="check" />;
}
