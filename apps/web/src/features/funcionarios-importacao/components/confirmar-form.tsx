import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { funcionarioImportacaoApi as api, type ConfirmarForm, type ContratoResumo } from '@jornada/contracts';
import { DateControl } from '../../../components/ui/date-controls';
import { SelectControl } from '../../../components/ui/select-control';
import { toWireDate } from '../../../shared/format';

type Schema = typeof api.confirmarForm;

/**
 * Confirmar: the schedule every imported employee starts on (from the
 * schedules processar answered: no schedule code is needed to see them) and
 * its start date, today by default. `id` lets the page's buttons submit it.
 */
export function ConfirmarFormView({
  id,
  escalas,
  disabled,
  onConfirm,
}: {
  id: string;
  escalas: readonly ContratoResumo[];
  disabled: boolean;
  onConfirm: (v: z.output<Schema>) => void;
}) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(api.confirmarForm as never) as never,
    defaultValues: { escala: { id: null as never }, dataIinicioEscala: toWireDate(new Date()) } as ConfirmarForm,
  });
  const opcoes = escalas.map((e) => ({ label: e.nomeRef, value: e.id }));
  return (
    <form id={id} noValidate className="form-columns" onSubmit={(e) => void form.handleSubmit(onConfirm)(e)}>
      <SelectControl
        control={form.control}
        name="escala.id"
        id="importacao-escala"
        label="Escala de horários"
        options={opcoes}
        filter={opcoes.length > 8}
        emptyMessage="Nenhuma escala de horários cadastrada"
        disabled={disabled}
        autoFocus
      />
      <DateControl
        control={form.control}
        name="dataIinicioEscala"
        id="importacao-data-inicio"
        label="Data de início da escala"
        disabled={disabled}
      />
    </form>
  );
}
