import { useEffect, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { HORA_MAX_LENGTH, horaOnBlur, maskHora } from '../model/hora';
import '../escalas.css';

export interface HoraInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** The accessible name when no <label> points at the input (table cells). */
  ariaLabel?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean;
}

/**
 * HH:MM (seed 001 §5): the digits fall into 99:99 as they are typed, at most
 * 5 characters; leaving the field with anything but a valid time clears it.
 * The text being typed is local, so the form only ever holds '' or a time.
 */
export function HoraInput({ id, value, onChange, ariaLabel, disabled, invalid, className, ...aria }: HoraInputProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <InputText
      id={id}
      value={text}
      onChange={(e) => setText(maskHora(e.target.value))}
      onBlur={() => {
        const kept = horaOnBlur(text);
        setText(kept);
        if (kept !== value) onChange(kept);
      }}
      maxLength={HORA_MAX_LENGTH}
      inputMode="numeric"
      placeholder="hh:mm"
      autoComplete="off"
      aria-label={ariaLabel}
      disabled={disabled}
      invalid={invalid}
      className={className ?? 'hora-input'}
      {...aria}
    />
  );
}
