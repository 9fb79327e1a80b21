import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import {
  PAGINATOR,
  funcionarioApi,
  motivoAfastamentoApi,
  type FuncionarioAfastamento,
  type FuncionarioCargo,
  type FuncionarioContrato,
} from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { AppDataTable } from '../../../components/ui/data-table';
import { FormField } from '../../../components/ui/form-field';
import { ListError } from '../../../components/ui/list-table';
import { DateInput } from '../../../components/ui/date-controls';
import { formatDate } from '../../../shared/format';
import {
  alterarDataInicioContrato,
  buscarFuncionario,
  listarFuncionarios,
  listarHistoricoAfastamentos,
  salvarFuncionarioCargo,
  trocarContrato,
  trocarExcluirContrato,
} from '../api/funcionarios-api';
import { CampoEscala, type EscalaOpcao } from './selecionar-escala-dialog';
import { listarCargos } from '../../../shared/lookups-api';

const M = funcionarioApi.FUNCIONARIO_MSG;
/** After a history change the employee (current schedule and position) and the list are read again. */
const RECARREGAR = [buscarFuncionario.endpoint, listarFuncionarios.endpoint];

/** Seed 001 §9: history tables page 10 at a time (10, 15, 20), on the browser. */
function useHistoricoPaginado() {
  const [pagina, setPagina] = useState<{ first: number; rows: number }>({ first: 0, rows: PAGINATOR.historicos.rows });
  return {
    first: pagina.first,
    rows: pagina.rows,
    rowsPerPageOptions: PAGINATOR.historicos.options,
    onPage: (first: number, rows: number) => setPagina({ first, rows }),
  };
}

const atual = (h: { dataFinal: string | null }) => h.dataFinal === null;

function Periodo({ fim }: { fim: string | null }) {
  return fim === null ? <Tag value="Atual" severity="success" /> : <>{formatDate(fim)}</>;
}

function AcaoLinha({
  icon,
  label,
  onClick,
  danger = false,
}: {
  icon: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Button
      type="button"
      icon={icon}
      rounded
      text
      severity={danger ? 'danger' : 'secondary'}
      aria-label={label}
      tooltip={label}
      tooltipOptions={{ position: 'top' }}
      onClick={onClick}
    />
  );
}

/** A small dialog of a history action: its fields, Cancelar and the action's button. */
function AcaoDialog({
  header,
  visible,
  pending,
  onHide,
  onConfirm,
  confirmLabel = 'Salvar',
  children,
}: {
  header: string;
  visible: boolean;
  pending: boolean;
  onHide: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={() => {
        if (!pending) onHide();
      }}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        {children}
        <div className="dialog-actions">
          <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onHide} disabled={pending} />
          <Button type="submit" label={confirmLabel} icon="pi pi-check" loading={pending} />
        </div>
      </form>
    </Dialog>
  );
}

/** A date chosen in a history dialog (dd/mm/yyyy on screen, yyyy-mm-dd kept). */
function CampoData({
  id,
  label,
  value,
  onChange,
  erro,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  erro: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={erro}>
      <DateInput
        id={id}
        value={value}
        onChange={onChange}
        invalid={erro !== undefined}
        aria-describedby={erro ? `${id}-erro` : undefined}
      />
    </FormField>
  );
}

// ---------------------------------------------------------------------------
// Histórico de Escalas de Horários
// ---------------------------------------------------------------------------

type AcaoEscala = 'nova' | 'alterar' | 'data';

/**
 * Histórico de Escalas de Horários (seed 001 §2.7, §4): newest first; only
 * the current entry (no end date) offers actions — a new schedule from a
 * date, change its schedule, change its start date, delete it (the previous
 * one becomes current again, after a confirmation).
 */
export function HistoricoEscalas({
  idFuncionario,
  historico,
  podeEditar,
}: {
  idFuncionario: number;
  historico: readonly FuncionarioContrato[];
  podeEditar: boolean;
}) {
  const paginas = useHistoricoPaginado();
  const [acao, setAcao] = useState<AcaoEscala | null>(null);
  const [escala, setEscala] = useState<Pick<EscalaOpcao, 'id' | 'nomeRef'> | null>(null);
  const [data, setData] = useState<string | null>(null);
  const [tentou, setTentou] = useState(false);
  const trocar = trocarContrato.useMutation({ invalidates: RECARREGAR });
  const trocarExcluir = trocarExcluirContrato.useMutation({ invalidates: RECARREGAR });
  const alterarData = alterarDataInicioContrato.useMutation({ invalidates: RECARREGAR });
  const registroAtual = historico.find(atual);
  const funcionario = { id: idFuncionario };

  const abrir = (a: AcaoEscala, h: FuncionarioContrato) => {
    setAcao(a);
    setTentou(false);
    setEscala(a === 'alterar' ? h.contrato : null);
    setData(a === 'data' ? h.dataInicio : null);
  };
  const fechar = () => setAcao(null);
  const faltaEscala = tentou && escala === null ? M.selecioneEscala : undefined;
  const igual =
    tentou && escala !== null && registroAtual && escala.id === registroAtual.contrato.id ? M.escalaIgual : undefined;
  const faltaData = tentou && data === null ? M.informeDataInicio : undefined;

  const confirmar = () => {
    setTentou(true);
    if (!registroAtual) return;
    if (acao === 'nova') {
      if (!escala || !data || escala.id === registroAtual.contrato.id) return;
      trocar.mutate({ funcionario, contrato: { id: escala.id }, dataInicio: data }, { onSuccess: fechar });
    } else if (acao === 'alterar') {
      if (!escala || escala.id === registroAtual.contrato.id) return;
      trocarExcluir.mutate(
        {
          funcionario,
          funcionarioContratoAtual: { id: registroAtual.id },
          funcionarioContratoNovo: { contrato: { id: escala.id } },
        },
        { onSuccess: fechar },
      );
    } else if (acao === 'data') {
      if (!data) return;
      alterarData.mutate(
        { funcionario, funcionarioContrato: { id: registroAtual.id }, dataInicio: data },
        { onSuccess: fechar },
      );
    }
  };

  const excluir = (h: FuncionarioContrato) =>
    confirmAction({
      header: 'Excluir escala do histórico',
      message: `Excluir a escala atual ${h.contrato.nomeRef} (desde ${formatDate(h.dataInicio)})? A escala anterior volta a ser a atual.`,
      danger: true,
      onAccept: () =>
        trocarExcluir.mutate({
          funcionario,
          funcionarioContratoAtual: { id: h.id },
          funcionarioContratoNovo: null,
        }),
    });

  const pendente = trocar.isPending || trocarExcluir.isPending || alterarData.isPending;
  const cabecalho: Record<AcaoEscala, string> = {
    nova: 'Nova escala de horários',
    alterar: 'Alterar escala atual',
    data: 'Alterar data de início',
  };

  return (
    <>
      <AppDataTable<FuncionarioContrato>
        value={historico}
        dataKey="id"
        {...paginas}
        emptyMessage="Nenhuma escala no histórico."
        ariaLabel="Histórico de Escalas de Horários"
      >
        <Column
          field="contrato.nomeRef"
          header="Escala de horários"
          body={(h: FuncionarioContrato) => (
            <span className={atual(h) ? 'historico-atual' : undefined}>{h.contrato.nomeRef}</span>
          )}
        />
        <Column field="dataInicio" header="Data início" body={(h: FuncionarioContrato) => formatDate(h.dataInicio)} />
        <Column
          field="dataFinal"
          header="Data final"
          body={(h: FuncionarioContrato) => <Periodo fim={h.dataFinal} />}
        />
        {podeEditar ? (
          <Column
            header="Ações"
            body={(h: FuncionarioContrato) =>
              atual(h) ? (
                <div className="row-actions">
                  <AcaoLinha
                    icon="pi pi-plus"
                    label="Nova escala a partir de uma data"
                    onClick={() => abrir('nova', h)}
                  />
                  <AcaoLinha icon="pi pi-pencil" label="Alterar escala atual" onClick={() => abrir('alterar', h)} />
                  <AcaoLinha icon="pi pi-calendar" label="Alterar data de início" onClick={() => abrir('data', h)} />
                  <AcaoLinha icon="pi pi-trash" label="Excluir escala atual" danger onClick={() => excluir(h)} />
                </div>
              ) : null
            }
            style={{ width: '11rem' }}
            headerClassName="col-actions"
            bodyClassName="col-actions"
          />
        ) : null}
      </AppDataTable>
      <AcaoDialog
        header={acao ? cabecalho[acao] : ''}
        visible={acao !== null}
        pending={pendente}
        onHide={fechar}
        onConfirm={confirmar}
      >
        {acao === 'alterar' && registroAtual ? (
          <p className="muted-text">
            A escala do registro atual (desde {formatDate(registroAtual.dataInicio)}) será trocada, sem criar outro
            registro no histórico.
          </p>
        ) : null}
        {acao === 'nova' || acao === 'alterar' ? (
          <CampoEscala
            id="historico-escala"
            label={acao === 'nova' ? 'Nova escala de horários' : 'Escala de horários'}
            value={escala}
            onChange={setEscala}
            erro={faltaEscala ?? igual}
          />
        ) : null}
        {acao === 'nova' || acao === 'data' ? (
          <CampoData
            id="historico-escala-data"
            label={acao === 'nova' ? 'A partir de' : 'Data início'}
            value={data}
            onChange={setData}
            erro={faltaData}
          />
        ) : null}
      </AcaoDialog>
    </>
  );
}

// ---------------------------------------------------------------------------
// Histórico de Cargos
// ---------------------------------------------------------------------------

/**
 * Histórico de Cargos (seed 001 §2.7, §4): the current entry offers 'Novo
 * cargo' (a new entry from a start date; the current one ends the day
 * before) and 'Alterar cargo' (the current entry's position, no date).
 */
export function HistoricoCargos({
  historico,
  podeEditar,
}: {
  historico: readonly FuncionarioCargo[];
  podeEditar: boolean;
}) {
  const paginas = useHistoricoPaginado();
  const [acao, setAcao] = useState<'novo' | 'alterar' | null>(null);
  const [idCargo, setIdCargo] = useState<number | null>(null);
  const [data, setData] = useState<string | null>(null);
  const [tentou, setTentou] = useState(false);
  const cargos = listarCargos.useQuery({}, { enabled: acao !== null });
  const salvar = salvarFuncionarioCargo.useMutation({ invalidates: RECARREGAR });
  const registroAtual = historico.find(atual);

  const abrir = (a: 'novo' | 'alterar') => {
    setAcao(a);
    setTentou(false);
    setIdCargo(null);
    setData(null);
  };
  const fechar = () => setAcao(null);
  const igual = registroAtual && idCargo === registroAtual.cargo.id;
  const erroCargo = !tentou ? undefined : idCargo === null ? M.selecioneCargo : igual ? M.cargoIgual : undefined;
  const erroData = tentou && acao === 'novo' && data === null ? M.informeDataInicio : undefined;

  const confirmar = () => {
    setTentou(true);
    if (!registroAtual || idCargo === null || igual || (acao === 'novo' && data === null)) return;
    salvar.mutate(
      {
        idCargoNovo: idCargo,
        idCargoFuncionarioAntigo: registroAtual.id,
        dataInicio: acao === 'novo' ? data : null,
        ehHistorico: acao === 'novo',
      },
      { onSuccess: fechar },
    );
  };

  return (
    <>
      <AppDataTable<FuncionarioCargo>
        value={historico}
        dataKey="id"
        {...paginas}
        emptyMessage="Nenhum cargo no histórico."
        ariaLabel="Histórico de Cargos"
      >
        <Column
          field="cargo.nome"
          header="Cargo"
          body={(h: FuncionarioCargo) => (
            <span className={atual(h) ? 'historico-atual' : undefined}>{h.cargo.nome}</span>
          )}
        />
        <Column field="dataInicio" header="Data início" body={(h: FuncionarioCargo) => formatDate(h.dataInicio)} />
        <Column field="dataFinal" header="Data final" body={(h: FuncionarioCargo) => <Periodo fim={h.dataFinal} />} />
        {podeEditar ? (
          <Column
            header="Ações"
            body={(h: FuncionarioCargo) =>
              atual(h) ? (
                <div className="row-actions">
                  <AcaoLinha icon="pi pi-plus" label="Novo cargo a partir de uma data" onClick={() => abrir('novo')} />
                  <AcaoLinha icon="pi pi-pencil" label="Alterar cargo atual" onClick={() => abrir('alterar')} />
                </div>
              ) : null
            }
            style={{ width: '7rem' }}
            headerClassName="col-actions"
            bodyClassName="col-actions"
          />
        ) : null}
      </AppDataTable>
      <AcaoDialog
        header={acao === 'novo' ? 'Novo cargo' : 'Alterar cargo atual'}
        visible={acao !== null}
        pending={salvar.isPending}
        onHide={fechar}
        onConfirm={confirmar}
      >
        {acao === 'alterar' && registroAtual ? (
          <p className="muted-text">
            O cargo do registro atual (desde {formatDate(registroAtual.dataInicio)}) será trocado, sem criar outro
            registro no histórico.
          </p>
        ) : null}
        <FormField id="historico-cargo" label={acao === 'novo' ? 'Novo cargo' : 'Cargo'} error={erroCargo}>
          <Dropdown
            inputId="historico-cargo"
            value={idCargo}
            options={(cargos.data ?? []).map((c) => ({ label: c.nome, value: c.id }))}
            onChange={(e) => setIdCargo(typeof e.value === 'number' ? e.value : null)}
            placeholder="Selecione um cargo"
            emptyMessage={cargos.isFetching ? 'Carregando…' : 'Nenhum cargo cadastrado'}
            filter
            filterPlaceholder="Buscar"
            emptyFilterMessage="Nenhum resultado encontrado"
            invalid={erroCargo !== undefined}
            aria-describedby={erroCargo ? 'historico-cargo-erro' : undefined}
            className="w-full"
          />
        </FormField>
        {acao === 'novo' ? (
          <CampoData id="historico-cargo-data" label="A partir de" value={data} onChange={setData} erro={erroData} />
        ) : null}
      </AcaoDialog>
    </>
  );
}

// ---------------------------------------------------------------------------
// Histórico de Afastamentos
// ---------------------------------------------------------------------------

/** Histórico de Afastamentos (seed 001 §2.7): read here, loaded the first time the tab opens. */
export function HistoricoAfastamentos({ idFuncionario }: { idFuncionario: number }) {
  const paginas = useHistoricoPaginado();
  const historico = listarHistoricoAfastamentos.useQuery({ idf: idFuncionario }, { staleTime: 0 });
  if (historico.isError && historico.data === undefined) {
    return <ListError onRetry={() => void historico.refetch()} retrying={historico.isFetching} />;
  }
  return (
    <AppDataTable<FuncionarioAfastamento>
      value={historico.data ?? []}
      dataKey="id"
      {...paginas}
      loading={historico.isPending}
      emptyMessage="Nenhum afastamento no histórico."
      ariaLabel="Histórico de Afastamentos"
    >
      <Column
        field="motivo.descricao"
        header="Motivo"
        body={(h: FuncionarioAfastamento) => motivoAfastamentoApi.rotuloMotivo(h.motivo)}
      />
      <Column field="dataInicio" header="Data início" body={(h: FuncionarioAfastamento) => formatDate(h.dataInicio)} />
      <Column
        field="dataFinal"
        header="Data final"
        body={(h: FuncionarioAfastamento) => (h.dataFinal === null ? 'Em aberto' : formatDate(h.dataFinal))}
      />
    </AppDataTable>
  );
}
