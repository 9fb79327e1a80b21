import { useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { controlePontoApi, CONTROLE_PONTO_MSG } from '@jornada/contracts';
import {
  FiltroFuncionarios,
  emLotes,
  filtroFuncionariosVazio,
  type FiltroFuncionariosValue,
} from '../../../components/filtro-funcionarios';
import { confirmAction } from '../../../components/ui/confirm';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { mesAtualNaEmpresa } from '../../../shared/format';
import { usePodeChamar } from '../../../shared/session';
import { toastForError, toastSuccess, toastWarn } from '../../../shared/toast';
import { concluirPeriodoEmLote } from '../api/controle-ponto-api';
import '../controle-ponto.css';

const FP = controlePontoApi.FECHAR_PERIODO_MSG;
const LOTE = controlePontoApi.FECHAR_PERIODO_LIMITS.funcionariosPorChamada;

/** The employees in the batches the server takes per call, in order. */
export const lotesDeFechamento = (ids: readonly number[], tamanho: number = LOTE): number[][] => emLotes(ids, tamanho);

/** The summary of a whole close, after its last batch. */
export const resultadoFechamento = (fechados: number, jaFechados: number) =>
  `${FP.fechados} ${fechados} funcionário(s) fechado(s)` +
  (jaFechados > 0 ? `; ${jaFechados} já estava(m) fechado(s).` : '.');

/**
 * Fechar Período (route 150, seed 002 §2, §4): the warning, the employee
 * filter, the month, Fechar and its confirmation. The chosen employees go in
 * batches (each recalculated and closed on the server in one transaction), with
 * the progress on screen; a refused batch stops the rest and says why.
 */
export function FecharPeriodoPage() {
  const [filtro, setFiltro] = useState<FiltroFuncionariosValue>(() => filtroFuncionariosVazio());
  const [mes, setMes] = useState(() => mesAtualNaEmpresa());
  const [progresso, setProgresso] = useState<number | null>(null);
  // One toast at the end, not one per batch.
  const fechar = concluirPeriodoEmLote.useMutation({ invalidates: [controlePontoApi.listar], toast: false });
  const ocupado = progresso !== null;
  const podeFechar = usePodeChamar(concluirPeriodoEmLote.endpoint);

  const executar = async (idCnpj: number, ids: number[]) => {
    const [ano, m] = mes.split('-').map(Number) as [number, number];
    let fechados = 0;
    let jaFechados = 0;
    setProgresso(0);
    try {
      let feitos = 0;
      for (const lote of lotesDeFechamento(ids)) {
        const r = await fechar.mutateAsync({ mes: m, ano, cnpj: idCnpj, funcionarios: lote });
        fechados += r.fechados;
        jaFechados += r.jaFechados;
        feitos += lote.length;
        setProgresso(Math.round((feitos / ids.length) * 100));
      }
      toastSuccess(resultadoFechamento(fechados, jaFechados));
    } catch (e) {
      // What the batches before it closed stays closed; the refusal says why the rest was not.
      toastForError(e);
    } finally {
      setProgresso(null);
    }
  };

  const aoFechar = () => {
    if (ocupado) return;
    if (filtro.idCnpj === null) return toastWarn(CONTROLE_PONTO_MSG.selecioneEmpresa);
    if (filtro.funcionarios.length === 0) return toastWarn(FP.selecioneFuncionarios);
    const idCnpj = filtro.idCnpj;
    const ids = filtro.funcionarios.map((f) => f.id);
    confirmAction({
      header: 'Fechar período',
      message: FP.confirmar,
      danger: true,
      onAccept: () => void executar(idCnpj, ids),
    });
  };

  return (
    <Page title="Fechar Período">
      <div className="form-grid fechar-periodo">
        <Message severity="warn" text={FP.aviso} className="w-full" />
        <FiltroFuncionarios id="fechar" value={filtro} onChange={setFiltro} disabled={ocupado} />
        <div className="form-row">
          <MonthPicker id="fechar-mes" label="Mês/Ano" value={mes} onChange={setMes} />
        </div>
        <div className="fechar-periodo-acoes">
          {podeFechar ? (
            <Button
              type="button"
              label="Fechar"
              icon="pi pi-lock"
              severity="danger"
              loading={ocupado}
              onClick={aoFechar}
            />
          ) : null}
          {ocupado ? (
            <div className="fechar-periodo-barra" role="status" aria-live="polite">
              <ProgressBar value={progresso} showValue={false} aria-label="Progresso do fechamento" />
              <span>{progresso}%</span>
            </div>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
