import { z } from 'zod';
import { calendario, controlePontoApi } from '@jornada/contracts';
import { DayActionDialog } from '../../../components/ui/day-action-dialog';
import { TimeControl } from '../../../components/ui/masked-control';
import { SelectControl } from '../../../components/ui/select-control';
import { buscarMudancaHorarioDia, excluirMudancaHorarioDia, salvarMudancaHorarioDia } from '../api/controle-ponto-api';
import type { DialogoDoDia } from './acoes-dia';

const A = controlePontoApi.ACOES_DIA_MSG;
const CAMPOS = ['entrada1', 'saida1', 'entrada2', 'saida2', 'entrada3', 'saida3'] as const;
const ROTULO: Record<(typeof CAMPOS)[number], string> = {
  entrada1: 'Entrada 1',
  saida1: 'Saída 1',
  entrada2: 'Entrada 2',
  saida2: 'Saída 2',
  entrada3: 'Entrada 3',
  saida3: 'Saída 3',
};
/** HH:MM with hours up to 29 (a night journey past midnight; seed 002 §5). An invalid time counts as empty. */
const HORA = /^([01]\d|2[0-9]):[0-5]\d$/;
const valida = (h: string) => (HORA.test(h) ? h : '');

const schema = z
  .object({
    entrada1: z.string(),
    saida1: z.string(),
    entrada2: z.string(),
    saida2: z.string(),
    entrada3: z.string(),
    saida3: z.string(),
    justificativa: z.number().nullable(),
    /** A change already exists: the dialog only deletes it. */
    existente: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.existente) return;
    if (v.justificativa === null)
      ctx.addIssue({ code: 'custom', message: A.selecioneJustificativa, path: ['justificativa'] });
    const pares = [
      ['entrada1', 'saida1'],
      ['entrada2', 'saida2'],
      ['entrada3', 'saida3'],
    ] as const;
    if (pares.every(([a, b]) => !valida(v[a]) && !valida(v[b])))
      ctx.addIssue({ code: 'custom', message: A.configureHorario, path: ['entrada1'] });
    for (const [a, b] of pares)
      if (!valida(v[a]) !== !valida(v[b]))
        ctx.addIssue({ code: 'custom', message: A.horarioIncompleto, path: [valida(v[a]) ? b : a] });
  });

/**
 * Mudança de Horário of the day (seed 002 §2): with a change already there
 * the dialog shows it and offers Excluir (its times locked); otherwise the
 * day's new times and the required justification, Salvar.
 */
export function MudancaHorarioDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = buscarMudancaHorarioDia.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const opcoes = { invalidates: [controlePontoApi.listar] };
  const salvar = salvarMudancaHorarioDia.useMutation(opcoes);
  const excluir = excluirMudancaHorarioDia.useMutation(opcoes);
  const existente = load.data?.horarioFlexivel ?? null;
  return (
    <DayActionDialog
      header={`Mudança de Horário · ${dia ? calendario.diaMesAno(dia) : ''}`}
      visible={dia !== null}
      onHide={onHide}
      schema={schema}
      load={load}
      values={(l) => {
        const h = l?.horarioFlexivel;
        return {
          entrada1: h?.entrada1 ?? '',
          saida1: h?.saida1 ?? '',
          entrada2: h?.entrada2 ?? '',
          saida2: h?.saida2 ?? '',
          entrada3: h?.entrada3 ?? '',
          saida3: h?.saida3 ?? '',
          justificativa: l?.justificativa?.id ?? null,
          existente: h !== null && h !== undefined,
        };
      }}
      // Two calls behind one dialog: the loaded day decides which (seed 002 §2).
      save={existente ? { isPending: excluir.isPending, mutate: (_i, o) => excluir.mutate(alvo, o) } : salvar}
      toInput={(v) => ({
        ...alvo,
        horarioFlexivel: {
          entrada1: valida(v.entrada1) || null,
          saida1: valida(v.saida1) || null,
          entrada2: valida(v.entrada2) || null,
          saida2: valida(v.saida2) || null,
          entrada3: valida(v.entrada3) || null,
          saida3: valida(v.saida3) || null,
        },
        justificativa: v.justificativa ?? 0,
      })}
      onSaved={onSaved}
      submitLabel={existente ? 'Excluir' : 'Salvar'}
      submitIcon={existente ? 'pi pi-trash' : 'pi pi-check'}
    >
      {(form, l) => (
        <>
          <div className="mudanca-horarios">
            {CAMPOS.map((c) => (
              <TimeControl
                key={c}
                control={form.control}
                name={c}
                id={`mudanca-${c}`}
                label={ROTULO[c]}
                disabled={existente !== null}
              />
            ))}
          </div>
          <SelectControl
            control={form.control}
            name="justificativa"
            id="mudanca-justificativa"
            label="Justificativa"
            options={(l?.justificativas ?? []).map((j) => ({ label: j.descricao, value: j.id }))}
            disabled={existente !== null}
            filter
          />
        </>
      )}
    </DayActionDialog>
  );
}
