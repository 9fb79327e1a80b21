import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { escalaApi } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { paresDeIntervalos, type Pares } from '../model/dias';
import type { EscalaForm } from '../model/form-model';
import { HoraControl } from './escala-controls';
import { CheckControl } from '../../../components/ui/form-controls';
import { QuadroHorarioTable } from './quadro-horario-table';
import '../escalas.css';

const PRESETS = escalaApi.PRESETS_QUADRO.map((p) => ({ label: p.descricao, value: p.chave }));

/**
 * Quadro de Horários (seed 001 §3 QuadroHorario, §9): the pre-set tables, the
 * copy of the first day to Monday–Friday, one or two intervals, the week, and
 * the close validation (night shift) whose time is enabled by its checkbox —
 * unticking clears it (seed 001 §4).
 */
export function QuadroTab({
  form,
  pares,
  onPares,
}: {
  form: UseFormReturn<EscalaForm>;
  pares: Pares;
  onPares: (p: Pares) => void;
}) {
  const { control, setValue, getValues } = form;
  const [preset, setPreset] = useState<string | null>(null);
  const validar = useWatch({ control, name: 'quadroHorario.validarFechamento' });
  return (
    <div className="form-grid">
      <div className="quadro-toolbar">
        <FormField id="quadro-preset" label="Tabela pré-definida">
          <Dropdown
            inputId="quadro-preset"
            value={preset}
            options={PRESETS}
            optionLabel="label"
            optionValue="value"
            placeholder="Selecione"
            className="quadro-preset"
            onChange={(e) => {
              const p = escalaApi.PRESETS_QUADRO.find((x) => x.chave === e.value);
              if (!p) return;
              setPreset(p.chave);
              setValue('quadroHorario.diasDaSemana', structuredClone(p.dias));
              onPares(paresDeIntervalos(p.intervalos));
            }}
          />
        </FormField>
        <div className="form-check quadro-intervalos">
          <Checkbox
            inputId="quadro-dois-intervalos"
            checked={pares === 3}
            onChange={(e) => onPares(e.checked ? 3 : 2)}
          />
          <label htmlFor="quadro-dois-intervalos">Dois intervalos</label>
        </div>
        <Button
          type="button"
          label="Copiar primeiro dia para segunda a sexta"
          icon="pi pi-copy"
          outlined
          onClick={() =>
            setValue('quadroHorario.diasDaSemana', escalaApi.copiarPrimeiroDia(getValues('quadroHorario.diasDaSemana')))
          }
        />
      </div>
      <Controller
        control={control}
        name="quadroHorario.diasDaSemana"
        render={({ field }) => <QuadroHorarioTable linhas={field.value} pares={pares} onChange={field.onChange} />}
      />
      <div className="fechamento">
        <CheckControl
          control={control}
          name="quadroHorario.validarFechamento"
          id="quadro-validar-fechamento"
          label="Turno noturno: validar o fechamento"
          onToggle={(on) => {
            if (!on) setValue('quadroHorario.horasFechamento', null);
          }}
        />
        <HoraControl
          control={control}
          name="quadroHorario.horasFechamento"
          id="quadro-horas-fechamento"
          label="Tempo para validar o fechamento"
          disabled={!validar}
        />
      </div>
    </div>
  );
}
