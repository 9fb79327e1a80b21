import { Controller, type UseFormReturn } from 'react-hook-form';
import { escalaApi, type FaixaHoraExtra } from '@jornada/contracts';
import { IntegerControl } from '../../../components/ui/number-control';
import { SelectControl } from '../../../components/ui/select-control';
import type { TipoFaixa } from '../model/faixas';
import type { EscalaForm } from '../model/form-model';
import { CheckControl } from '../../../components/ui/form-controls';
import { FaixasTable } from './faixas-table';
import '../escalas.css';

const { ESCALA_MSG: M, ESCALA_LIMITS: L } = escalaApi;

/**
 * Horas Extras (seed 001 §3 Politica hora extra, Overtime band): tolerance,
 * priority, the meal and DSR flags, and the normal and night bands (in
 * percent on screen). `mensagens` are this tab's refusals: a band table
 * marks its empty cells when the refusal names it.
 */
export function HorasExtrasTab({ form, mensagens }: { form: UseFormReturn<EscalaForm>; mensagens: readonly string[] }) {
  const { control } = form;
  return (
    <div className="form-grid">
      <div className="form-row">
        <IntegerControl
          control={control}
          name="politicaHoraExtra.toleranciaInicioHoraExtra"
          id="he-tolerancia"
          label="Tolerância para início da hora extra (minutos)"
          min={0}
          max={L.minutosTolerancia}
        />
        <SelectControl
          control={control}
          name="politicaHoraExtra.prioridadeHoraExtra"
          id="he-prioridade"
          label="Prioridade"
          options={escalaApi.PRIORIDADES_HORA_EXTRA.map((o) => ({ label: o.descricao, value: o.valor }))}
        />
      </div>
      <div className="form-checks">
        <CheckControl
          control={control}
          name="politicaHoraExtra.horaExtraRefeicao"
          id="he-refeicao"
          label="Hora extra no intervalo de refeição"
        />
        <CheckControl
          control={control}
          name="politicaHoraExtra.descontoDSRFeriado"
          id="he-desconto-dsr-feriado"
          label="Perder o feriado da semana com a perda do DSR"
        />
      </div>
      <Controller
        control={control}
        name="politicaHoraExtra.faixasHoraExtra"
        render={({ field }) => {
          const todas: FaixaHoraExtra[] = field.value;
          const doTipo = (t: TipoFaixa) => todas.filter((f) => f.tipo === t);
          // Normal bands first, then night: each table replaces only its own.
          const trocar = (t: TipoFaixa, novas: FaixaHoraExtra[]) =>
            field.onChange(t === 1 ? [...novas, ...doTipo(2)] : [...doTipo(1), ...novas]);
          return (
            <>
              <FaixasTable
                tipo={1}
                linhas={doTipo(1)}
                onChange={(n) => trocar(1, n)}
                invalid={mensagens.includes(M.horasExtrasFaixaNormal)}
              />
              <FaixasTable
                tipo={2}
                linhas={doTipo(2)}
                onChange={(n) => trocar(2, n)}
                invalid={mensagens.includes(M.horasExtrasFaixaNoturna)}
              />
            </>
          );
        }}
      />
    </div>
  );
}
