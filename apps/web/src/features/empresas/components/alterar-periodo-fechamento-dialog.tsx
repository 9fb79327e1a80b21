import {
  DIA_FECHAMENTO_MAX,
  DIA_FECHAMENTO_MIN,
  diaFinalPara,
  empresaApi,
  periodoFechamentoDaData,
  problemaDiasFechamento,
  type DiasFechamento,
} from '@jornada/contracts';
import { IntegerControl } from '../../../components/ui/number-control';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { formatDate, toWireDate } from '../../../shared/format';
import { updateSessionEmpresa } from '../../../shared/session';
import { alterarPeriodoFechamento, listarEmpresas } from '../api/empresas-api';
import '../empresas.css';

const MESES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** 'O período de março/2026 vai de 21/02/2026 a 20/03/2026.' — today's period under these days (decision 0019). */
export function exemploPeriodo(dias: Partial<DiasFechamento>, hoje: Date): string | null {
  if (dias.diaInicioFechamento == null || dias.diaFinalFechamento == null) return null;
  const d = { diaInicioFechamento: dias.diaInicioFechamento, diaFinalFechamento: dias.diaFinalFechamento };
  if (problemaDiasFechamento(d)) return null;
  const p = periodoFechamentoDaData(d, toWireDate(hoje));
  return `O período de ${MESES[p.mes - 1]}/${p.ano} vai de ${formatDate(p.inicio)} a ${formatDate(p.fim)}.`;
}

/**
 * The closing-period dialog (seed 000 §2.5, §9; permission 32): days 1 to 31.
 * Choosing the start day proposes its final day (the day before, or 31); the
 * server checks the pair again. On success the session's empresa is updated,
 * so the calls that follow carry the new period.
 */
export function AlterarPeriodoFechamentoDialog({
  visible,
  dias,
  onHide,
}: {
  visible: boolean;
  dias: DiasFechamento;
  onHide: () => void;
}) {
  const alterar = alterarPeriodoFechamento.useMutation({ invalidates: [listarEmpresas.endpoint] });
  return (
    <FormDialog
      schema={empresaApi.periodoFechamentoForm}
      visible={visible}
      header="Período de fechamento"
      values={dias}
      pending={alterar.isPending}
      onHide={onHide}
      width="28rem"
      onSubmit={(values) => {
        const novo = { diaInicioFechamento: values.diaInicioFechamento, diaFinalFechamento: values.diaFinalFechamento };
        alterar.mutate(
          { empresa: novo },
          {
            onSuccess: () => {
              updateSessionEmpresa(novo);
              onHide();
            },
          },
        );
      }}
    >
      {({ control, setValue, watch }) => {
        const exemplo = exemploPeriodo(
          { diaInicioFechamento: watch('diaInicioFechamento'), diaFinalFechamento: watch('diaFinalFechamento') },
          new Date(),
        );
        return (
          <>
            <div className="form-row-2">
              <IntegerControl
                control={control}
                name="diaInicioFechamento"
                id="periodo-dia-inicio"
                label="Dia inicial"
                min={DIA_FECHAMENTO_MIN}
                max={DIA_FECHAMENTO_MAX}
                autoFocus
                onValueChange={(v) => {
                  if (v !== null) setValue('diaFinalFechamento', diaFinalPara(v), { shouldValidate: true });
                }}
              />
              <IntegerControl
                control={control}
                name="diaFinalFechamento"
                id="periodo-dia-final"
                label="Dia final"
                min={DIA_FECHAMENTO_MIN}
                max={DIA_FECHAMENTO_MAX}
              />
            </div>
            <p className="form-note">
              Um período que não começa no dia 1 vai do dia inicial de um mês ao dia final do mês seguinte e leva o nome
              do mês em que termina. {exemplo}
            </p>
          </>
        );
      }}
    </FormDialog>
  );
}
