import { Controller } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import { z } from 'zod';
import { calendario, controlePontoApi } from '@jornada/contracts';
import { DayActionDialog } from '../../../components/ui/day-action-dialog';
import { buscarMarcacoesMover, salvarMoverMarcacoes } from '../api/controle-ponto-api';
import type { DialogoDoDia } from './acoes-dia';

const A = controlePontoApi.ACOES_DIA_MSG;

const schema = z.object({
  selecionadas: z.array(z.number()).min(1, A.selecioneMarcacaoMover),
  dataDestino: z.string().min(1, A.selecioneDataMover),
});

/** Mover Marcações (seed 002 §2, §5): tick punches, send them to the day before or the day after. */
export function MoverMarcacoesDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = buscarMarcacoesMover.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const salvar = salvarMoverMarcacoes.useMutation({ invalidates: [controlePontoApi.listar] });
  const destinos = dia ? [calendario.addDays(dia, -1), calendario.addDays(dia, 1)] : [];
  return (
    <DayActionDialog
      header={`Mover Marcações · ${dia ? calendario.diaMesAno(dia) : ''}`}
      visible={dia !== null}
      onHide={onHide}
      schema={schema}
      load={load}
      values={() => ({ selecionadas: [], dataDestino: '' })}
      save={salvar}
      toInput={(v) => ({
        ...alvo,
        dataDestino: v.dataDestino,
        marcacoes: v.selecionadas.map((id) => ({ id, selecionado: true })),
      })}
      onSaved={onSaved}
      submitLabel="Mover"
      submitIcon="pi pi-arrows-h"
    >
      {(form, l) => (
        <>
          <Controller
            control={form.control}
            name="selecionadas"
            render={({ field, fieldState }) => (
              <fieldset className="form-radios mover-marcacoes">
                <legend>Marcações</legend>
                {(l ?? []).length === 0 ? <p className="empty-inline">Nenhuma marcação do relógio neste dia.</p> : null}
                {(l ?? []).map((m) => {
                  const id = `mover-${m.id}`;
                  const marcada = field.value.includes(m.id);
                  return (
                    <div key={m.id} className="form-check">
                      <Checkbox
                        inputId={id}
                        checked={marcada}
                        onChange={() =>
                          field.onChange(marcada ? field.value.filter((x) => x !== m.id) : [...field.value, m.id])
                        }
                      />
                      <label htmlFor={id}>
                        {calendario.diaMesAno(m.dataHora.slice(0, 10))} {m.dataHora.slice(11, 16)}
                      </label>
                    </div>
                  );
                })}
                {fieldState.error ? <small className="p-error">{fieldState.error.message}</small> : null}
              </fieldset>
            )}
          />
          <Controller
            control={form.control}
            name="dataDestino"
            render={({ field, fieldState }) => (
              <fieldset className="form-radios">
                <legend>Mover para</legend>
                {destinos.map((d, i) => (
                  <div key={d} className="form-radio">
                    <RadioButton
                      inputId={`mover-destino-${i}`}
                      name={field.name}
                      checked={field.value === d}
                      onChange={() => field.onChange(d)}
                    />
                    <label htmlFor={`mover-destino-${i}`}>
                      {i === 0 ? 'Dia anterior' : 'Dia seguinte'} ({calendario.diaMesAno(d)})
                    </label>
                  </div>
                ))}
                {fieldState.error ? <small className="p-error">{fieldState.error.message}</small> : null}
              </fieldset>
            )}
          />
        </>
      )}
    </DayActionDialog>
  );
}
