import { InputNumber } from 'primereact/inputnumber';
import '../escalas.css';

export interface PercentInputProps {
  id?: string;
  /** Percent (50 for 50 %); null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  ariaLabel?: string;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * A percentage as people type it (seed 001 §5): 50 is 50 %, up to two
 * decimals in the Brazilian format. The form converts to a fraction on save.
 */
export function PercentInput({ id, value, onChange, ariaLabel, disabled, invalid }: PercentInputProps) {
  return (
    <InputNumber
      inputId={id}
      value={value}
      // onChange follows the typing, onValueChange the blur (with min/max applied): both reach the form.
      onChange={(e) => {
        const v = typeof e.value === 'number' ? e.value : null;
        if (v !== value) onChange(v);
      }}
      onValueChange={(e) => {
        const v = typeof e.value === 'number' ? e.value : null;
        if (v !== value) onChange(v);
      }}
      suffix=" %"
      min={0}
      max={999.99}
      maxFractionDigits={2}
      locale="pt-BR"
      useGrouping={false}
      allowEmpty
      aria-label={ariaLabel}
      disabled={disabled}
      invalid={invalid}
      className="percent-input"
      inputClassName="percent-input-field"
    />
  );
}
