import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import { RadioButton } from 'primereact/radiobutton';
import { CALCULO_PONTO_MSG as M } from '@jornada/contracts';
import {
  FiltroFuncionarios,
  filtroFuncionariosVazio,
  type FiltroFuncionariosValue,
} from '../../../components/filtro-funcionarios';
import { FormField } from '../../../components/ui/form-field';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { formatDate, toWireMonth } from '../../../shared/format';
import { usePodeChamar } from '../../../shared/session';
import { toastSuccess, toastWarn } from '../../../shared/toast';
import { calcular, calcularFlexivel, listarDatasPeriodoFechamento, progressoCalculo } from '../api/calculo-ponto-api';
import {
  INTERVALO_PROGRESSO_MS,
  ZERAR_APOS_FALHA_MS,
  ZERAR_APOS_SUCESSO_MS,
  lerProgresso,
  podeCalcular,
  type Fase,
} from '../model/acompanhamento';
import '../calculo-ponto.css';

type Modo = 'simples' | 'flexivel';

/** One of the two day dropdowns: a day of the month's closing period. */
function DiaDoPeriodo(p: {
  id: string;
  label: string;
  value: string | null;
  options: { label: string; value: string }[];
  onChange: (dia: string | null) => void;
  disabled: boolean;
}) {
  return (
    <FormField id={p.id} label={p.label}>
      <Dropdown
        inputId={p.id}
        value={p.value}
        options={p.options}
        onChange={(e) => p.onChange((e.value as string | undefined) ?? null)}
        disabled={p.disabled}
        placeholder="Selecione"
        className="w-full"
      />
    </FormField>
  );
}

/**
 * Cálculo do Ponto (seed 002 §2 route 125, §4 'Bulk time calculation', §5;
 * issue 11 §6; decision 0051): the shared employee filter, the month and its
 * closing period's days, 'Período' (mode simples: the whole period) or 'Data
 * início/Data final' (mode flexivel: the periods those dates meet), the
 * total, and Calcular — at most once every 3 s — which enqueues one job on
 * the server; the bar follows the job through the progress read. Calcular
 * shows only to whom the server lets calculate (its contract's code, 125).
 */
export function CalculoPontoPage() {
  const [filtro, setFiltro] = useState<FiltroFuncionariosValue>(() => filtroFuncionariosVazio());
  const [mes, setMes] = useState(() => toWireMonth(new Date()));
  const [modo, setModo] = useState<Modo>('simples');
  const [dataInicio, setDataInicio] = useState<string | null>(null);
  const [dataFinal, setDataFinal] = useState<string | null>(null);
  const [execucao, setExecucao] = useState<number | null>(null);
  const [valor, setValor] = useState(0);
  const [fase, setFase] = useState<Fase>('parado');
  const ultimoClique = useRef<number | null>(null);

  const [ano, mesNumero] = mes.split('-').map(Number) as [number, number];
  const datas = listarDatasPeriodoFechamento.useQuery({ mes: mesNumero, ano });
  const opcoes = (datas.data ?? []).map((d) => ({ label: formatDate(d), value: d }));
  // A new period: its first and last day.
  useEffect(() => {
    setDataInicio(datas.data?.[0] ?? null);
    setDataFinal(datas.data?.[datas.data.length - 1] ?? null);
  }, [datas.data]);

  const simples = calcular.useMutation();
  const flexivel = calcularFlexivel.useMutation();
  const podeSimples = usePodeChamar(calcular.endpoint);
  const podeFlexivel = usePodeChamar(calcularFlexivel.endpoint);
  const total = filtro.funcionarios.length;
  const ocupado = fase === 'calculando' || simples.isPending || flexivel.isPending;

  // The progress read, every second, until the run ends; then the bar resets (1 s after success, 3 s after a failure).
  useEffect(() => {
    if (execucao === null) return;
    let vivo = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const zerar = (ms: number) => {
      timer = setTimeout(() => {
        if (!vivo) return;
        setValor(0);
        setFase('parado');
        setExecucao(null);
      }, ms);
    };
    const ler = async () => {
      try {
        const r = lerProgresso(await progressoCalculo.fetch({ id: execucao }));
        if (!vivo) return;
        setValor(r.valor);
        setFase(r.fase);
        if (r.fase === 'concluido') {
          toastSuccess(M.calculoConcluido);
          zerar(ZERAR_APOS_SUCESSO_MS);
        } else if (r.fase === 'falhou') {
          toastWarn(r.mensagem!);
          zerar(ZERAR_APOS_FALHA_MS);
        } else timer = setTimeout(() => void ler(), INTERVALO_PROGRESSO_MS);
      } catch {
        // A failed read ends the watching (its message was shown by the client); the bar resets as on a failure.
        if (vivo) {
          setFase('falhou');
          zerar(ZERAR_APOS_FALHA_MS);
        }
      }
    };
    timer = setTimeout(() => void ler(), INTERVALO_PROGRESSO_MS);
    // Leaving the screen stops the watching, not the calculation.
    return () => {
      vivo = false;
      clearTimeout(timer);
    };
  }, [execucao]);

  const iniciado = (r: { id: number; total: number }) => {
    if (r.total === 0) return;
    setValor(0);
    setFase('calculando');
    setExecucao(r.id);
  };

  /**
   * The 3 s throttle is on starting a calculation: a click answered by a warning starts nothing, so the click
   * after the user fixes the form must not be swallowed (it was, silently, within 3 s of the warning).
   */
  const aoCalcular = () => {
    if (ocupado) return;
    if (filtro.idCnpj === null) return toastWarn(M.selecioneEmpresa);
    if (total === 0) return toastWarn(M.totalZero);
    const base = { cnpj: filtro.idCnpj, funcionarios: filtro.funcionarios.map((f) => f.id) };
    /** Whether this start passes the throttle (and is then the last accepted one). */
    const liberado = () => {
      const agora = Date.now();
      if (!podeCalcular(ultimoClique.current, agora)) return false;
      ultimoClique.current = agora;
      return true;
    };
    if (modo === 'simples') {
      if (liberado()) simples.mutate({ ...base, mes: mesNumero, ano }, { onSuccess: iniciado });
      return;
    }
    if (!dataInicio) return toastWarn(M.informeDataInicio);
    if (!dataFinal) return toastWarn(M.informeDataFinal);
    if (dataFinal < dataInicio) return toastWarn(M.dataFinalAntesInicio);
    if (liberado()) flexivel.mutate({ ...base, dataInicio, dataFinal }, { onSuccess: iniciado });
  };

  return (
    <Page title="Cálculo do Ponto">
      <div className="form-grid calculo-ponto">
        <FiltroFuncionarios id="calculo" value={filtro} onChange={setFiltro} disabled={ocupado} />
        <div className="form-row calculo-ponto-periodo">
          <MonthPicker id="calculo-mes" label="Mês/Ano" value={mes} onChange={setMes} />
          <fieldset className="calculo-ponto-modo" disabled={ocupado}>
            <legend className="sr-only">Modo do cálculo</legend>
            <div className="calculo-ponto-opcao">
              <RadioButton
                inputId="calculo-modo-simples"
                name="modo"
                value="simples"
                checked={modo === 'simples'}
                onChange={() => setModo('simples')}
              />
              <label htmlFor="calculo-modo-simples">Período</label>
            </div>
            <div className="calculo-ponto-opcao">
              <RadioButton
                inputId="calculo-modo-flexivel"
                name="modo"
                value="flexivel"
                checked={modo === 'flexivel'}
                onChange={() => setModo('flexivel')}
              />
              <label htmlFor="calculo-modo-flexivel">Data início/Data final</label>
            </div>
          </fieldset>
          <DiaDoPeriodo
            id="calculo-data-inicio"
            label="Data início"
            value={dataInicio}
            options={opcoes}
            onChange={setDataInicio}
            disabled={modo === 'simples' || ocupado}
          />
          <DiaDoPeriodo
            id="calculo-data-final"
            label="Data final"
            value={dataFinal}
            options={opcoes}
            onChange={setDataFinal}
            disabled={modo === 'simples' || ocupado}
          />
        </div>
        <p className="calculo-ponto-total" aria-live="polite">
          {M.total(total)}
        </p>
        <div className="calculo-ponto-acoes">
          {(modo === 'simples' ? podeSimples : podeFlexivel) ? (
            <Button type="button" label="Calcular" icon="pi pi-calculator" loading={ocupado} onClick={aoCalcular} />
          ) : null}
          <div className="calculo-ponto-barra" role="status" aria-live="polite">
            <ProgressBar value={valor} showValue={false} aria-label="Progresso do cálculo" />
            <span className="calculo-ponto-percentual">{valor}%</span>
          </div>
        </div>
      </div>
    </Page>
  );
}
