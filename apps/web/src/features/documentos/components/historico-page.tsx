import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import {
  MSG_SOLICITACAO,
  PAGINATOR,
  mensagensDaSolicitacao,
  type CnpjOpcao,
  type SolicitacaoDocumento,
  type StatusSolicitacao,
} from '@jornada/contracts';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { SearchInput } from '../../../components/ui/search-input';
import { formatDateTime, mesAtualNaEmpresa } from '../../../shared/format';
import { toastForError, toastWarn } from '../../../shared/toast';
import { listarSolicitacoes, listarSolicitacoesPorIds } from '../api/documentos-api';
import { CADENCIA_AFD_MS, intervaloDaVez, linkExpirado, mesclar, pendentes } from '../model/acompanhamento';
import { MensagensDialog } from './mensagens-dialog';
import { ehPdf, useArquivoSolicitacao } from '../../../components/solicitacao';
import { usePolling } from '../../../shared/use-polling';
import { buscarSolicitacao, listarCnpjs } from '../../../shared/lookups-api';
import '../documentos.css';

/** Shown in the link column and by the download button of an expired file. */
export const LINK_EXPIRADO = 'Link expirado';

const SEVERIDADE: Record<StatusSolicitacao, 'info' | 'warning' | 'success' | 'danger'> = {
  FILA: 'info',
  PROCESSANDO: 'warning',
  PROCESSADO: 'success',
  ERRO: 'danger',
};

type Row = SolicitacaoDocumento & {
  solicitada: string;
  inicio: string;
  fim: string;
  validade: string;
  situacaoLink: string;
};

/**
 * Histórico de Relatórios/Documentos (seed 002 §2 History, §4; issue 11 §3):
 * the caller's requests of a company in a month, followed while they are in
 * progress (3 s, 4 s, then 5 s; AFD imports singly every 15 s). With `?id=`
 * it shows and follows that one request. A PDF opens in a viewer, any other
 * file downloads; an expired link cannot be used. The message button lists
 * the request's messages.
 */
export function HistoricoPage() {
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));
  const unico = Number.isSafeInteger(idParam) && idParam > 0 ? idParam : null;
  const table = useListTable(PAGINATOR.historico);
  const [mes, setMes] = useState(() => mesAtualNaEmpresa());
  const anoAtual = Number(mesAtualNaEmpresa().slice(0, 4));
  const [idCnpj, setIdCnpj] = useState<number | null>(null);
  const [novas, setNovas] = useState<ReadonlyMap<number, SolicitacaoDocumento>>(new Map());
  const [falhou, setFalhou] = useState(false);
  const [mensagem, setMensagem] = useState<string | null>(null);
  const arquivo = useArquivoSolicitacao();

  const empresas = listarCnpjs.useQuery({});
  const cnpj = idCnpj ?? empresas.data?.[0]?.id ?? null;
  const [ano, mm] = mes.split('-').map(Number) as [number, number];
  const lista = listarSolicitacoes.useQuery(
    { idCnpj: cnpj ?? 0, mes: mm, ano, fdb: 'f' },
    { enabled: unico === null && cnpj !== null },
  );
  const uma = buscarSolicitacao.useQuery({ id: unico ?? 0, fdb: 'f' }, { enabled: unico !== null });
  const fonte = unico === null ? lista : uma;
  const base: SolicitacaoDocumento[] = unico === null ? (lista.data ?? []) : uma.data ? [uma.data] : [];

  // A new answer of the list replaces what the polls had brought.
  useEffect(() => {
    setNovas(new Map());
    setFalhou(false);
  }, [fonte.dataUpdatedAt]);

  const solicitacoes = mesclar(base, novas);
  const vivas = pendentes(solicitacoes);
  const guardar = (rows: readonly SolicitacaoDocumento[]) =>
    setNovas((m) => new Map([...m, ...rows.map((r) => [r.id, r] as const)]));
  const falha = (e: unknown) => {
    setFalhou(true);
    toastForError(e);
  };
  usePolling(
    vivas.lista,
    intervaloDaVez,
    async (ids, signal) => guardar(await listarSolicitacoesPorIds.fetch({ ids: [...ids] }, signal)),
    falha,
    !falhou,
  );
  usePolling(
    vivas.afd,
    () => CADENCIA_AFD_MS,
    async (ids, signal) =>
      guardar(await Promise.all(ids.map((id) => buscarSolicitacao.fetch({ id, fdb: 'f' }, signal)))),
    falha,
    !falhou,
  );
  const monitorando = !falhou && vivas.lista.length + vivas.afd.length > 0;

  const agora = new Date();
  const rows: Row[] = solicitacoes.map((s) => {
    const expirado = linkExpirado(s, agora);
    return {
      ...s,
      solicitada: formatDateTime(s.dataSolicitacao),
      inicio: formatDateTime(s.dataInicioProcessamento),
      fim: formatDateTime(s.dataFinalProcessamento),
      validade: formatDateTime(s.dataValidadeLink),
      situacaoLink: expirado ? LINK_EXPIRADO : s.link ? 'Disponível' : '',
    };
  });

  const abrir = (s: Row) => {
    if (!s.link || s.situacaoLink === LINK_EXPIRADO) return toastWarn(LINK_EXPIRADO);
    arquivo.abrir({ ...s, link: s.link });
  };

  const atualizar = () => {
    setFalhou(false);
    void fonte.refetch();
  };

  const verTodas = () => {
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next);
  };

  return (
    <Page title={MSG_SOLICITACAO.historico}>
      <div className="table-toolbar historico-toolbar">
        {unico === null ? (
          <>
            <div className="form-field">
              <label htmlFor="historico-empresa">Empresa</label>
              <Dropdown
                inputId="historico-empresa"
                value={cnpj}
                options={(empresas.data ?? []).map((c: CnpjOpcao) => ({ label: c.cnpjNome, value: c.id }))}
                onChange={(e) => typeof e.value === 'number' && setIdCnpj(e.value)}
                placeholder={empresas.isPending ? 'Carregando…' : 'Selecione'}
                filter={(empresas.data?.length ?? 0) > 8}
                emptyMessage="Nenhuma empresa"
              />
            </div>
            <MonthPicker
              id="historico-mes"
              label="Mês/Ano"
              value={mes}
              onChange={setMes}
              years={{ from: anoAtual - 5, to: anoAtual }}
            />
          </>
        ) : (
          <Button label="Ver todas" icon="pi pi-list" text onClick={verTodas} />
        )}
        <Button label="Atualizar" icon="pi pi-refresh" outlined onClick={atualizar} loading={fonte.isFetching} />
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar" />
      </div>
      {monitorando ? (
        <div className="historico-monitorando" role="status">
          <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" />
          <span>{MSG_SOLICITACAO.monitorando}</span>
        </div>
      ) : null}
      <ListTable<Row>
        query={fonte}
        onRetry={atualizar}
        table={table}
        value={rows}
        dataKey="id"
        filterFields={['nome', 'solicitada', 'inicio', 'fim', 'status', 'nomeArquivo', 'situacaoLink', 'validade']}
        loading={fonte.isPending && (unico !== null || cnpj !== null)}
        emptyMessage={'Nenhuma solicitação neste mês.'}
        filteredEmptyMessage={'Nenhuma solicitação encontrada para o filtro informado.'}
        ariaLabel="Solicitações de relatórios e documentos"
      >
        <Column field="nome" header="Item" sortable />
        <Column field="dataSolicitacao" header="Data Solicitação" sortable body={(s: Row) => s.solicitada} />
        <Column
          field="dataInicioProcessamento"
          header="Data Início Processamento"
          sortable
          body={(s: Row) => s.inicio}
        />
        <Column field="dataFinalProcessamento" header="Data Final do Processamento" sortable body={(s: Row) => s.fim} />
        <Column
          field="status"
          header="Status"
          sortable
          body={(s: Row) => (
            <Tag
              severity={SEVERIDADE[s.status]}
              value={s.status === 'PROCESSANDO' && s.progresso > 0 ? `${s.status} ${s.progresso}%` : s.status}
            />
          )}
        />
        <Column field="nomeArquivo" header="Arquivo" sortable />
        <Column field="situacaoLink" header="Link" sortable />
        <Column field="dataValidadeLink" header="Validade" sortable body={(s: Row) => s.validade} />
        <Column
          header="Ações"
          headerClassName="col-actions"
          bodyClassName="col-actions"
          style={{ width: '7rem' }}
          body={(s: Row) => (
            <div className="row-actions">
              {s.status === 'PROCESSADO' && (s.link || s.situacaoLink === LINK_EXPIRADO) ? (
                <Button
                  icon={ehPdf(s) ? 'pi pi-eye' : 'pi pi-download'}
                  rounded
                  text
                  aria-label={`${ehPdf(s) ? 'Abrir' : 'Baixar'} ${s.nomeArquivo ?? 'arquivo'}`}
                  tooltip={s.situacaoLink === LINK_EXPIRADO ? LINK_EXPIRADO : ehPdf(s) ? 'Abrir' : 'Baixar'}
                  tooltipOptions={{ position: 'top', showOnDisabled: true }}
                  disabled={s.situacaoLink === LINK_EXPIRADO}
                  onClick={() => abrir(s)}
                />
              ) : null}
              {(s.status === 'ERRO' || s.status === 'PROCESSADO') && mensagensDaSolicitacao(s.mensagem).length > 0 ? (
                <Button
                  icon="pi pi-comment"
                  rounded
                  text
                  severity={s.status === 'ERRO' ? 'danger' : 'info'}
                  aria-label={`Mensagens da solicitação ${s.id}`}
                  tooltip="Mensagens"
                  tooltipOptions={{ position: 'top' }}
                  onClick={() => setMensagem(s.mensagem)}
                />
              ) : null}
            </div>
          )}
        />
      </ListTable>
      <MensagensDialog mensagem={mensagem} onHide={() => setMensagem(null)} />
      {arquivo.dialogo}
    </Page>
  );
}
