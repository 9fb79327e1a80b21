import { calendario, feriadoApi } from '@jornada/contracts';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import { incluirFeriadosNacionais, listarFeriados } from '../api/feriados-api';
import { EstadoCidadeFields } from './feriado-fields';
import { YearControl } from '../../../components/ui/number-control';
import { CheckControl } from '../../../components/ui/form-controls';
import '../feriados.css';

const { ABRANGENCIAS, usaCidade, usaEstado } = feriadoApi;
const ABRANGENCIAS_OPCIONAIS = ABRANGENCIAS.filter((a) => [1, 2, 3, 6].includes(a.abrangencia)).map((a) => ({
  label: a.descricao,
  value: a.abrangencia,
}));

const OPCIONAIS: { key: calendario.OpcionalNacional; label: string }[] = [
  { key: 'carnaval', label: 'Carnaval (segunda e terça-feira)' },
  { key: 'sextaFeiraSanta', label: 'Sexta-feira Santa' },
  { key: 'corpusChristi', label: 'Corpus Christi' },
];

const datas = (ano: number, key: calendario.OpcionalNacional) =>
  calendario
    .feriadosOpcionais(ano, [key])
    .map((f) => calendario.diaMesAno(f.data).slice(0, 5))
    .join(' e ');

/**
 * 'Incluir feriados nacionais' (beyond the seeds, decision 0014): the year's
 * federal holidays, plus Carnaval, Sexta-feira Santa and Corpus Christi when
 * ticked (unticked by default), in the scope chosen for them. Holidays the
 * year already has are skipped.
 */
export function IncluirNacionaisDialog({
  visible,
  ano,
  onHide,
  onDone,
}: {
  visible: boolean;
  ano: number;
  onHide: () => void;
  onDone: (ano: number) => void;
}) {
  const incluir = incluirFeriadosNacionais.useMutation({ invalidates: [listarFeriados.endpoint] });
  const initial: feriadoApi.IncluirNacionaisForm = {
    ano,
    carnaval: false,
    sextaFeiraSanta: false,
    corpusChristi: false,
    abrangenciaOpcionais: 1,
    estado: { id: null },
    cidade: { id: null },
  };
  return (
    <FormDialog
      schema={feriadoApi.incluirFeriadosNacionais.body}
      visible={visible}
      header="Incluir feriados nacionais"
      values={initial}
      pending={incluir.isPending}
      onHide={onHide}
      width="36rem"
      submitLabel="Incluir"
      submitIcon="pi pi-calendar-plus"
      onSubmit={(values) =>
        incluir.mutate(values, {
          onSuccess: () => {
            onHide();
            onDone(values.ano);
          },
        })
      }
    >
      {({ control, watch, setValue, formState }) => {
        const year = watch('ano');
        const abrangencia = watch('abrangenciaOpcionais') ?? 1;
        const algum = !!(watch('carnaval') || watch('sextaFeiraSanta') || watch('corpusChristi'));
        const valid = typeof year === 'number' && year >= 1 && year <= 9999;
        const revalidate = { shouldValidate: formState.isSubmitted };
        return (
          <>
            <YearControl control={control} name="ano" id="nacionais-ano" label="Ano" autoFocus />
            <div className="form-field">
              <span className="form-field-label">Feriados federais</span>
              <ul className="holiday-list" aria-label="Feriados federais">
                {valid
                  ? calendario.feriadosNacionais(year).map((f) => (
                      <li key={f.data}>
                        <span className="holiday-date">{calendario.diaMesAno(f.data).slice(0, 5)}</span> {f.descricao}
                      </li>
                    ))
                  : null}
              </ul>
            </div>
            <fieldset className="form-checks">
              <legend>Incluir também</legend>
              {OPCIONAIS.map((o) => (
                <CheckControl
                  key={o.key}
                  control={control}
                  name={o.key}
                  id={`nacionais-${o.key}`}
                  label={valid ? `${o.label} (${datas(year, o.key)})` : o.label}
                />
              ))}
            </fieldset>
            <SelectControl
              control={control}
              name="abrangenciaOpcionais"
              id="nacionais-abrangencia"
              label="Abrangência dos marcados"
              options={ABRANGENCIAS_OPCIONAIS}
              disabled={!algum}
              onValueChange={(a) => {
                if (!usaEstado(a)) setValue('estado', { id: null }, revalidate);
                if (!usaCidade(a)) setValue('cidade', { id: null }, revalidate);
              }}
            />
            <EstadoCidadeFields
              control={control}
              prefix="nacionais"
              estadoId={watch('estado')?.id ? Number(watch('estado')?.id) : null}
              estadoEnabled={algum && usaEstado(abrangencia)}
              cidadeEnabled={algum && usaCidade(abrangencia)}
              onEstadoChange={() => setValue('cidade', { id: null }, revalidate)}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
