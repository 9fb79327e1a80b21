import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { escalaApi } from '@jornada/contracts';
import { CheckControl, SwitchControl } from '../../../components/ui/form-controls';
import { DIA_BANCO_LABEL } from '../model/banco-horas';
import type { EscalaForm } from '../model/form-model';
import { MesAnoControl } from './escala-controls';
import { HoraInput } from './hora-input';
import { PercentInput } from './percent-input';
import '../escalas.css';

const ARMAZENAR: readonly { campo: keyof EscalaForm['bancoHoraArmazenamento'] & string; label: string }[] = [
  { campo: 'faltas', label: 'Faltas' },
  { campo: 'atrasos', label: 'Atrasos' },
  { campo: 'saidasAntecipadas', label: 'Saídas antecipadas' },
  { campo: 'excessoIntevaloRefeicoes', label: 'Excesso de intervalo de refeições' },
  { campo: 'faltaDeMarcacao', label: 'Falta de marcação' },
];

/**
 * Banco de Horas (seed 001 §3, §4, §9; calculation-rules §3.6; shown with 66):
 * the include switch — off, only `incluirBancoHoras: false` is sent — the
 * period (month/year, years −10..+20), the individual agreement (art. 59 §5),
 * what is stored in the bank, and the transfer table per day type.
 */
export function BancoHorasTab({ form, erro }: { form: UseFormReturn<EscalaForm>; erro: boolean }) {
  const { control } = form;
  const incluir = useWatch({ control, name: 'incluirBancoHoras' });
  const anos = escalaApi.anosPeriodoBanco(new Date().getFullYear());
  return (
    <div className="form-grid">
      <SwitchControl control={control} name="incluirBancoHoras" id="bh-incluir" label="Incluir banco de horas" />
      {!incluir ? (
        <p className="muted-text">Esta escala não usa banco de horas.</p>
      ) : (
        <>
          <div className="form-row">
            <MesAnoControl
              control={control}
              name="politicaBancoHora.periodoInicial"
              id="bh-periodo-inicial"
              label="Período inicial"
              anos={anos}
              invalid={erro}
            />
            <MesAnoControl
              control={control}
              name="politicaBancoHora.periodoFinal"
              id="bh-periodo-final"
              label="Período final"
              anos={anos}
              invalid={erro}
            />
          </div>
          <CheckControl
            control={control}
            name="politicaBancoHora.acordoIndividual"
            id="bh-acordo-individual"
            label="Acordo individual escrito (art. 59 §5 da CLT: compensação em até seis meses)"
          />
          <fieldset className="form-checks bh-armazenar">
            <legend>Armazenar no banco de horas</legend>
            {ARMAZENAR.map((a) => (
              <CheckControl
                key={a.campo}
                control={control}
                name={`bancoHoraArmazenamento.${a.campo}`}
                id={`bh-armazenar-${a.campo}`}
                label={a.label}
              />
            ))}
          </fieldset>
          <div className="bh-tabelas">
            <ArmazenamentoTable form={form} />
            <TransferenciaTable form={form} />
          </div>
        </>
      )}
    </div>
  );
}

/** Per day type: overtime may go to the bank, and the cap (HH:MM) of the first destination. */
function ArmazenamentoTable({ form }: { form: UseFormReturn<EscalaForm> }) {
  return (
    <div className="grid-table-wrapper">
      <table className="grid-table" aria-label="Armazenamento de horas extras">
        <caption>Armazenamento de horas extras</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Hora extra</th>
            <th scope="col">Limite HE</th>
          </tr>
        </thead>
        <tbody>
          {escalaApi.DIAS_BANCO.map((d) => (
            <Controller
              key={d}
              control={form.control}
              name={`bancoHoraArmazenamento.${d}`}
              render={({ field }) => {
                const v = field.value ?? { horaExtra: false, limiteHE: null };
                return (
                  <tr>
                    <th scope="row">{DIA_BANCO_LABEL[d]}</th>
                    <td className="grid-table-center">
                      <Checkbox
                        checked={v.horaExtra}
                        onChange={(e) => field.onChange({ ...v, horaExtra: e.checked === true })}
                        aria-label={`Hora extra de ${DIA_BANCO_LABEL[d]} no banco`}
                      />
                    </td>
                    <td>
                      <HoraInput
                        value={v.limiteHE ?? ''}
                        onChange={(h) => field.onChange({ ...v, limiteHE: h || null })}
                        ariaLabel={`Limite HE de ${DIA_BANCO_LABEL[d]}`}
                      />
                    </td>
                  </tr>
                );
              }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Per day type: the percent (faixa) and the factor (fator: '1,5' or '1:30') of overtime moved into the bank. */
function TransferenciaTable({ form }: { form: UseFormReturn<EscalaForm> }) {
  return (
    <div className="grid-table-wrapper">
      <table className="grid-table" aria-label="Transferência para o banco de horas">
        <caption>Transferência para o banco de horas</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Faixa (%)</th>
            <th scope="col">Fator (ex.: 1,5 ou 1:30)</th>
          </tr>
        </thead>
        <tbody>
          {escalaApi.DIAS_BANCO.map((d) => (
            <tr key={d}>
              <th scope="row">{DIA_BANCO_LABEL[d]}</th>
              <td>
                <Controller
                  control={form.control}
                  name={`bancoHoraTransferencia.faixa${d}`}
                  render={({ field }) => (
                    <PercentInput
                      value={typeof field.value === 'number' ? field.value : null}
                      onChange={field.onChange}
                      ariaLabel={`Faixa de ${DIA_BANCO_LABEL[d]}`}
                    />
                  )}
                />
              </td>
              <td>
                <Controller
                  control={form.control}
                  name={`bancoHoraTransferencia.fator${d}`}
                  render={({ field, fieldState }) => (
                    <InputText
                      value={typeof field.value === 'string' ? field.value : ''}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      maxLength={7}
                      aria-label={`Fator de ${DIA_BANCO_LABEL[d]}`}
                      invalid={
                        fieldState.isTouched &&
                        typeof field.value === 'string' &&
                        field.value !== '' &&
                        !escalaApi.FATOR_REGEX.test(field.value)
                      }
                      className="fator-input"
                    />
                  )}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
