import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { calendario, controlePontoApi, solicitacaoApi, type ResolverResponse } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { DayActionDialog } from '../../../components/ui/day-action-dialog';
import { usePodeChamar } from '../../../shared/session';
import {
  buscarAjusteParcial,
  buscarFeriadoDia,
  buscarFolgaPontoDia,
  buscarMarcacoesMover,
  buscarMudancaHorarioDia,
  listarEdicaoMarcacoes,
  listarEventosJustificativa,
  buscarMarcacoes,
  buscarResumoFuncionario,
  excluirFolgaPontoDia,
  lancarFolgaPontoDia,
  marcarExcluirOcorrencia,
  salvarFeriadoExcluido,
} from '../api/controle-ponto-api';
import { diaMes } from '../marcacoes-formato';
import { AjusteParcialDialog } from './ajuste-parcial-dialog';
import { JustificarDialog } from './justificar-dialog';
import { EditarMarcacoesDialog } from './editar-marcacoes-dialog';
import { MoverMarcacoesDialog } from './mover-marcacoes-dialog';
import { MudancaHorarioDialog } from './mudanca-horario-dialog';
import { SolicitacoesPendentesDialog } from './solicitacoes-pendentes-dialog';

type DiaPonto = controlePontoApi.DiaPonto;

/** What the day dialogs read when they open. */
const LEITURAS_DO_DIA = [
  buscarFolgaPontoDia,
  buscarFeriadoDia,
  listarEdicaoMarcacoes,
  buscarMudancaHorarioDia,
  buscarMarcacoesMover,
  buscarAjusteParcial,
  listarEventosJustificativa,
] as const;
type AcaoDiaResponse = controlePontoApi.AcaoDiaResponse;
const A = controlePontoApi.ACOES_DIA_MSG;

/** The employee-month on screen: what every day action sends beside the day. */
export interface MesNaTela {
  mes: number;
  ano: number;
  cnpj: number;
  funcionario: number;
}

/** The day actions built so far, in the seed's order (seed 002 §2 "Per-day actions"), with their keys. */
export const ACOES_DO_DIA = [
  { tipo: 'marcacoes', rotulo: 'Editar marcações', icone: 'pi pi-pencil', tecla: 'e' },
  { tipo: 'justificar', rotulo: 'Justificar', icone: 'pi pi-check-square', tecla: 'u' },
  { tipo: 'ajuste', rotulo: 'Ajuste parcial', icone: 'pi pi-sliders-h', tecla: 'a' },
  { tipo: 'ocorrencias', rotulo: 'Excluir ocorrências', icone: 'pi pi-eraser', tecla: 'x' },
  { tipo: 'folga', rotulo: 'Lançar/Excluir Folga', icone: 'pi pi-calendar-minus', tecla: 'f' },
  { tipo: 'mudanca', rotulo: 'Mudança de Horário', icone: 'pi pi-clock', tecla: 'h' },
  { tipo: 'mover', rotulo: 'Mover Marcações', icone: 'pi pi-arrows-h', tecla: 'm' },
  { tipo: 'feriado', rotulo: 'Feriado', icone: 'pi pi-flag', tecla: 'r' },
  { tipo: 'solicitacoes', rotulo: 'Solicitações Pendentes', icone: 'pi pi-inbox', tecla: 's' },
] as const;
export type TipoAcao = (typeof ACOES_DO_DIA)[number]['tipo'];

/**
 * Excluir ocorrências needs occurrences on the day, Solicitações Pendentes a request waiting on it (the day's
 * `temPendencias`, which also makes it bold) and a user who may open requests (165: Marcações alone is 127);
 * every other action is always offered.
 */
const disponivel = (tipo: TipoAcao, p: DiaPonto, leSolicitacoes: boolean) =>
  tipo === 'ocorrencias'
    ? p.ocorrenciaMarcacoes !== ''
    : tipo === 'solicitacoes'
      ? p.temPendencias && leSolicitacoes
      : true;

type Dialogo = { tipo: Exclude<TipoAcao, 'ocorrencias'>; dia: string } | null;

/**
 * The day actions of Marcações (seed 002 §2 "Per-day actions", "Day dialogs";
 * decision 0074): a menu on each day's row, its dialogs, and what every one
 * does with the answer — the month recalculated by the server replaces the
 * one on screen (no reload), the Resumo and the Controle list are read again.
 */
export function useAcoesDia(mes: MesNaTela) {
  const qc = useQueryClient();
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const leSolicitacoes = usePodeChamar(solicitacaoApi.CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.buscar);
  // The Controle list's counters and the Resumo tab change with the day.
  const opcoes = { invalidates: [controlePontoApi.listar, controlePontoApi.buscarResumoFuncionario] };
  const excluirOcorrencias = marcarExcluirOcorrencia.useMutation(opcoes);
  /**
   * What a dialog loaded is dropped when it closes or any day changes (a punch edited changes what Mover lists):
   * the next opening reads the day as the server has it, never a cached copy the form would start from.
   */
  const esquecerLeituras = () => {
    for (const leitura of LEITURAS_DO_DIA) void qc.resetQueries({ queryKey: leitura.key() });
  };
  const aplicar = (r: AcaoDiaResponse) => {
    qc.setQueryData(buscarMarcacoes.key(mes), r.marcacoes);
    void qc.invalidateQueries({ queryKey: buscarResumoFuncionario.key(mes) });
    esquecerLeituras();
  };
  const fechar = () => {
    setDialogo(null);
    esquecerLeituras();
  };
  /**
   * A request answered (Solicitações Pendentes): an approval brings the month recalculated, put in place like a
   * day action's; a rejection changes only the day's pending mark, so the month is read again. (The dialog's own
   * call reloads the Controle list and the day's pending requests.)
   */
  const resolvida = (r: ResolverResponse) => {
    if (r.marcacoes) aplicar({ mensagem: r.mensagem, marcacoes: r.marcacoes });
    else {
      void qc.invalidateQueries({ queryKey: buscarMarcacoes.key(mes) });
      void qc.invalidateQueries({ queryKey: buscarResumoFuncionario.key(mes) });
    }
  };

  const excluirOcorrenciasDoDia = (p: DiaPonto) =>
    confirmAction({
      header: `Excluir ocorrências de ${calendario.diaMesAno(p.dia)}`,
      message: A.confirmarExcluirOcorrencias,
      danger: true,
      onAccept: () =>
        excluirOcorrencias.mutate(
          { cnpj: mes.cnpj, idFuncionario: mes.funcionario, diaPonto: p.dia },
          { onSuccess: aplicar },
        ),
    });
  /** Opens a day action on a day (the row menu and the keyboard, teclado-marcacoes.ts). */
  const abrir = (tipo: TipoAcao, p: DiaPonto) => {
    if (!disponivel(tipo, p, leSolicitacoes)) return;
    if (tipo === 'ocorrencias') excluirOcorrenciasDoDia(p);
    else setDialogo({ tipo, dia: p.dia });
  };
  const itens = (p: DiaPonto): MenuItem[] =>
    ACOES_DO_DIA.map((a) => ({
      label: a.rotulo,
      icon: a.icone,
      disabled: !disponivel(a.tipo, p, leSolicitacoes),
      command: () => abrir(a.tipo, p),
    }));

  const dialogos = (
    <>
      <EditarMarcacoesDialog
        mes={mes}
        dia={dialogo?.tipo === 'marcacoes' ? dialogo.dia : null}
        onHide={fechar}
        onSaved={aplicar}
      />
      <MoverMarcacoesDialog
        mes={mes}
        dia={dialogo?.tipo === 'mover' ? dialogo.dia : null}
        onHide={fechar}
        onSaved={aplicar}
      />
      <JustificarDialog
        mes={mes}
        dia={dialogo?.tipo === 'justificar' ? dialogo.dia : null}
        onHide={fechar}
        onSaved={aplicar}
      />
      <AjusteParcialDialog
        mes={mes}
        dia={dialogo?.tipo === 'ajuste' ? dialogo.dia : null}
        onHide={fechar}
        onSaved={aplicar}
      />
      <MudancaHorarioDialog
        mes={mes}
        dia={dialogo?.tipo === 'mudanca' ? dialogo.dia : null}
        onHide={fechar}
        onSaved={aplicar}
      />
      <FolgaDialog mes={mes} dia={dialogo?.tipo === 'folga' ? dialogo.dia : null} onHide={fechar} onSaved={aplicar} />
      <FeriadoDialog
        mes={mes}
        dia={dialogo?.tipo === 'feriado' ? dialogo.dia : null}
        onHide={fechar}
        onSaved={aplicar}
      />
      <SolicitacoesPendentesDialog
        mes={mes}
        dia={dialogo?.tipo === 'solicitacoes' ? dialogo.dia : null}
        onHide={fechar}
        onResolvida={resolvida}
      />
    </>
  );
  return { itens, abrir, dialogos, ocupado: excluirOcorrencias.isPending };
}

/** The per-row button that opens a day's actions. */
export function MenuAcoesDia({ dia, itens }: { dia: DiaPonto; itens: MenuItem[] }) {
  const menu = useRef<Menu>(null);
  return (
    <>
      <Menu model={itens} popup ref={menu} />
      <Button
        icon="pi pi-ellipsis-v"
        rounded
        text
        severity="secondary"
        aria-label={`Ações do dia ${diaMes(dia.dia)}`}
        aria-haspopup="menu"
        onClick={(e) => menu.current?.toggle(e)}
      />
    </>
  );
}

export interface DialogoDoDia {
  mes: MesNaTela;
  /** The day the dialog is open for; null = closed. */
  dia: string | null;
  onHide: () => void;
  onSaved: (r: AcaoDiaResponse) => void;
}

const semCampos = z.object({});

/** Lançar/Excluir Folga: the day's state decides which (seed 002 §2). */
function FolgaDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = buscarFolgaPontoDia.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const lancar = lancarFolgaPontoDia.useMutation({ invalidates: [controlePontoApi.listar] });
  const excluir = excluirFolgaPontoDia.useMutation({ invalidates: [controlePontoApi.listar] });
  const temFolga = load.data?.temFolga === true;
  return (
    <DayActionDialog
      header={temFolga ? 'Excluir Folga' : 'Lançar Folga'}
      visible={dia !== null}
      onHide={onHide}
      schema={semCampos}
      load={load}
      values={() => ({})}
      save={temFolga ? excluir : lancar}
      toInput={() => alvo}
      onSaved={onSaved}
      submitLabel={temFolga ? 'Excluir folga' : 'Lançar folga'}
      submitIcon={temFolga ? 'pi pi-trash' : 'pi pi-check'}
    >
      {() => (
        <p className="acao-dia-texto">
          {temFolga ? A.confirmarExcluirFolga : A.confirmarLancarFolga}{' '}
          <strong>{dia ? calendario.diaMesAno(dia) : ''}</strong>
        </p>
      )}
    </DayActionDialog>
  );
}

const feriadoSchema = z.object({ excluido: z.boolean({ error: A.informeFeriado }) });

/** Feriado (480 px): É Feriado keeps the holiday, Não é Feriado applies a normal day's rules (seed 002 §2). */
function FeriadoDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = buscarFeriadoDia.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const salvar = salvarFeriadoExcluido.useMutation({ invalidates: [controlePontoApi.listar] });
  return (
    <DayActionDialog
      header={`Feriado · ${dia ? calendario.diaMesAno(dia) : ''}`}
      visible={dia !== null}
      onHide={onHide}
      schema={feriadoSchema}
      load={load}
      values={(l) => ({ excluido: l?.feriadoExcluido ?? false })}
      save={salvar}
      toInput={(v) => ({ ...alvo, excluido: v.excluido })}
      onSaved={onSaved}
      width="30rem"
    >
      {(form, l) => (
        <>
          {l && l.feriados.length === 0 ? (
            <Message severity="warn" text={A.semFeriado} className="w-full acao-dia-aviso" />
          ) : (
            <ul className="acao-dia-feriados" aria-label="Feriados da data">
              {l?.feriados.map((f) => (
                <li key={f.descricao}>{f.descricao}</li>
              ))}
            </ul>
          )}
          <Controller
            control={form.control}
            name="excluido"
            render={({ field }) => (
              <fieldset className="form-radios">
                <legend>O dia é feriado?</legend>
                {(
                  [
                    [false, 'É Feriado', 'feriado-e'],
                    [true, 'Não é Feriado', 'feriado-nao-e'],
                  ] as const
                ).map(([valor, rotulo, id]) => (
                  <div key={id} className="form-radio">
                    <RadioButton
                      inputId={id}
                      name={field.name}
                      checked={field.value === valor}
                      onChange={() => field.onChange(valor)}
                    />
                    <label htmlFor={id}>{rotulo}</label>
                  </div>
                ))}
              </fieldset>
            )}
          />
        </>
      )}
    </DayActionDialog>
  );
}
