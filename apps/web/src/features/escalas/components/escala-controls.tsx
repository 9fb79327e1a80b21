import { useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { Field, text, type ControlProps } from '../../../components/ui/form-controls';
import { MESES } from '../model/banco-horas';
import { HoraInput } from './hora-input';
import '../escalas.css';

/**
 * The schedule form's own controls on react-hook-form, beside the house ones
 * of components/ui: HH:MM that clears when invalid (seed 001 §5) and a
 * month/year pair limited to the bank's years.
 */

/** HH:MM; the form holds the time or null. */
export function HoraControl<T extends FieldValues>(props: ControlProps<T>) {
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <HoraInput
          id={props.id}
          value={text(field.value)}
          onChange={(v) => field.onChange(v === '' ? null : v)}
          disabled={props.disabled}
          invalid={state.invalid}
          {...a11y}
        />
      )}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const MES_OPCOES = MESES.map((m, i) => ({ label: m, value: i + 1 }));

/**
 * A month as two lists, Mês and Ano (seed 001 §9: the bank period's years run
 * from the current year −10 to +20). The form holds 'YYYY-MM' once both are
 * chosen, null before; the half-made choice is kept here meanwhile.
 */
export function MesAnoControl<T extends FieldValues>({
  control,
  name,
  id,
  label,
  anos,
  invalid = false,
}: Omit<ControlProps<T>, 'autoFocus'> & { anos: readonly number[]; invalid?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MesAno
          id={id}
          label={label}
          anos={anos}
          value={text(field.value)}
          onChange={field.onChange}
          invalid={invalid}
        />
      )}
    />
  );
}

function MesAno({
  id,
  label,
  anos,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  anos: readonly number[];
  value: string;
  onChange: (v: string | null) => void;
  invalid: boolean;
}) {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  const [parcial, setParcial] = useState<{ mes: number | null; ano: number | null }>({
    mes: m ? Number(m[2]) : null,
    ano: m ? Number(m[1]) : null,
  });
  // A value set from outside (load, reset) wins over the half-made choice.
  const atual = m ? { mes: Number(m[2]), ano: Number(m[1]) } : parcial;
  const escolher = (next: { mes: number | null; ano: number | null }) => {
    setParcial(next);
    onChange(next.mes !== null && next.ano !== null ? `${next.ano}-${pad(next.mes)}` : null);
  };
  return (
    <fieldset className="mes-ano">
      <legend className="form-field-label">{label}</legend>
      <div className="mes-ano-campos">
        <Dropdown
          inputId={`${id}-mes`}
          value={atual.mes}
          options={MES_OPCOES}
          optionLabel="label"
          optionValue="value"
          placeholder="Mês"
          aria-label={`Mês do ${label.toLowerCase()}`}
          onChange={(e) => escolher({ ...atual, mes: typeof e.value === 'number' ? e.value : null })}
          invalid={invalid && atual.mes === null}
          showClear
        />
        <Dropdown
          inputId={`${id}-ano`}
          value={atual.ano}
          options={anos.map((a) => ({ label: String(a), value: a }))}
          optionLabel="label"
          optionValue="value"
          placeholder="Ano"
          aria-label={`Ano do ${label.toLowerCase()}`}
          onChange={(e) => escolher({ ...atual, ano: typeof e.value === 'number' ? e.value : null })}
          invalid={invalid && atual.ano === null}
          showClear
        />
      </div>
    </fieldset>
  );
}
