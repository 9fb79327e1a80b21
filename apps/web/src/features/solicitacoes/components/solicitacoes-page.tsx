import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { RadioButton } from 'primereact/radiobutton';
import {
  SOLICITACAO_LIMITS,
  STATUS_PEDIDO_ROTULO,
  calendario,
  type Solicitacao,
  type StatusPedido,
} from '@jornada/contracts';
import { CentroCustoDropdown, useCentrosDoFiltro } from '../../../components/centro-custo-dropdown';
import { CampoPesquisa } from '../../../components/campo-pesquisa';
import {
  AnalisarSolicitacaoDialog,
  StatusSolicitacaoTag,
  type SolicitacaoAberta,
} from '../../../components/analisar-solicitacao';
import { EmpresaDropdown, opcoesDeEmpresa } from '../../../components/empresa-escolhida';
import { FormField } from '../../../components/ui/form-field';
import { ListTable, type ListQuery } from '../../../components/ui/list-table';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { formatDateTime } from '../../../shared/format';
import { listarCnpjs } from '../../../shared/lookups-api';
import { empresaInicial } from '../../../shared/session';
import { pesquisarSolicitacoes } from '../api/solicitacoes-api';
import { useFiltroSolicitacoes } from '../filtro-solicitacoes';
import '../solicitacoes.css';

/** Seed 002 §9: month pickers from ten years back to twenty ahead. */
const ANO = new Date().getFullYear();
const ANOS = { from: ANO - 10, to: ANO + 20 };

/** The status radio, in the seed's order (seed 002 §2 Solicitações). */
const STATUS_FILTRO: readonly StatusPedido[] = ['PENDENTE', 'NAO_APROVADO', 'APROVADO'];

const VAZIO: Record<StatusPedido, string> = {
  PENDENTE: 'Nenhuma solicitação pendente neste mês.',
  NAO_APROVADO: 'Nenhuma solicitação não aprovada neste mês.',
  APROVADO: 'Nenhuma solicitação aprovada neste mês.',
};

const SEM_EMPRESA: ListQuery<unknown> = {
  data: undefined,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
};

/** A group's header row: the employee and their cost centre (seed 002 §2: grouped by name and cost centre). */
const cabecalhoGrupo = (s: Solicitacao) => (
  <span className="solicitacoes-grupo">
    <i className="pi pi-user" aria-hidden="true" />
    <strong>{s.funcionario.nome}</strong>
    <span className="solicitacoes-grupo-cc">{s.funcionario.centroCusto.nome ?? 'Sem centro de custo'}</span>
  </span>
);

/**
 * Solicitações (seed 002 §2 route 165, §3 "Request", §4 "Request status";
 * decision 0086): the employees' requests of a month and company — cost centre
 * ('Todos' by default), status (Pendente by default) and a search by name or
 * document —, a server-paged table (20/25/30) grouped by employee and cost
 * centre, each row opening the request (Analisar solicitação): approved or not
 * there with code 166, read-only otherwise. Filters and page live in the URL.
 */
export function SolicitacoesPage() {
  const { filtro, table, setMes, setEmpresa, setCentroCusto, setStatus, setTexto } = useFiltroSolicitacoes();
  const [texto, setTextoDigitado] = useState(filtro.texto);
  useEffect(() => setTextoDigitado(filtro.texto), [filtro.texto]);
  const [aberta, setAberta] = useState<SolicitacaoAberta | null>(null);

  const cnpjs = listarCnpjs.useQuery({});
  const idCnpj = filtro.idCnpj ?? empresaInicial(cnpjs.data);
  const empresa = {
    idCnpj,
    opcoes: opcoesDeEmpresa(cnpjs.data),
    escolher: (v: number | null | ((atual: number | null) => number | null)) =>
      setEmpresa(typeof v === 'function' ? v(idCnpj) : v),
  };
  const { opcoes: opcoesCentros, idCentroCusto } = useCentrosDoFiltro(idCnpj, filtro.idCentroCusto);
  const [ano, mes] = filtro.mes.split('-').map(Number) as [number, number];

  const lista = pesquisarSolicitacoes.useQuery(
    {
      mes,
      ano,
      solicitacaoRequisicao: {
        idCnpj: idCnpj ?? 0,
        idsCentrosCustos: idCentroCusto === null ? [] : [idCentroCusto],
        nomeOuDocumento: filtro.texto || null,
        linhasPorPagina: table.rows,
        pagina: table.page - 1,
        strStatus: filtro.status,
      },
    },
    { enabled: idCnpj !== null, keepPrevious: true },
  );

  const buscarTexto = () => {
    if (texto.trim() === filtro.texto) void lista.refetch();
    else setTexto(texto);
  };

  return (
    <Page title="Solicitações">
      <div className="filtros-solicitacoes">
        <MonthPicker id="solicitacoes-mes" label="Mês/Ano" value={filtro.mes} onChange={setMes} years={ANOS} />
        <EmpresaDropdown inputId="solicitacoes-empresa" empresa={empresa} />
        <FormField id="solicitacoes-centro-custo" label="Centro de custo">
          <CentroCustoDropdown
            inputId="solicitacoes-centro-custo"
            value={idCentroCusto}
            options={opcoesCentros}
            onChange={setCentroCusto}
            placeholder="Todos"
            semEmpresa={idCnpj === null}
          />
        </FormField>
        <FormField id="solicitacoes-texto" label="Pesquisar">
          <CampoPesquisa
            id="solicitacoes-texto"
            value={texto}
            onChange={setTextoDigitado}
            onPesquisar={buscarTexto}
            placeholder="nome ou documento"
            maxLength={SOLICITACAO_LIMITS.nomeOuDocumento}
            rotuloBotao="Buscar por nome ou documento"
          />
        </FormField>
        <fieldset className="form-radios solicitacoes-status">
          <legend>Status</legend>
          {STATUS_FILTRO.map((s) => (
            <div key={s} className="form-radio">
              <RadioButton
                inputId={`solicitacoes-status-${s}`}
                name="solicitacoes-status"
                value={s}
                checked={filtro.status === s}
                onChange={() => setStatus(s)}
              />
              <label htmlFor={`solicitacoes-status-${s}`}>{STATUS_PEDIDO_ROTULO[s]}</label>
            </div>
          ))}
        </fieldset>
      </div>
      <ListTable<Solicitacao>
        query={idCnpj === null ? SEM_EMPRESA : lista}
        table={table}
        value={idCnpj === null ? [] : (lista.data?.solicitacoes ?? [])}
        dataKey="id"
        lazy={{ totalRecords: idCnpj === null ? 0 : (lista.data?.total ?? 0) }}
        loading={idCnpj !== null && lista.isFetching}
        emptyMessage={idCnpj === null ? 'Selecione uma empresa.' : VAZIO[filtro.status]}
        filteredEmptyMessage="Nenhuma solicitação encontrada com esta pesquisa."
        sortable={false}
        ariaLabel="Solicitações"
        rowGroup={{ field: 'funcionario.id', header: cabecalhoGrupo }}
      >
        <Column header="Funcionário" body={(s: Solicitacao) => s.funcionario.nome} style={{ minWidth: '12rem' }} />
        <Column header="Data da Solicitação" body={(s: Solicitacao) => formatDateTime(s.data)} bodyClassName="nowrap" />
        <Column
          header="Data do Ponto"
          body={(s: Solicitacao) => calendario.diaMesAno(s.dataPonto)}
          bodyClassName="nowrap"
        />
        <Column header="Tipo da Solicitação" field="tipo" />
        <Column header="Status" body={(s: Solicitacao) => <StatusSolicitacaoTag status={s.status} />} />
        <Column
          header="Ação Realizada por"
          body={(s: Solicitacao) =>
            s.usuarioAprovacao ? (
              <>
                {s.usuarioAprovacao}
                {s.dataAprovacao ? (
                  <span className="solicitacoes-quando"> em {formatDateTime(s.dataAprovacao)}</span>
                ) : null}
              </>
            ) : (
              '—'
            )
          }
        />
        <Column
          header="Ações"
          body={(s: Solicitacao) => (
            <Button
              icon="pi pi-pencil"
              rounded
              text
              severity="secondary"
              aria-label="Analisar solicitação"
              tooltip="Analisar solicitação"
              tooltipOptions={{ position: 'top' }}
              onClick={() => setAberta({ id: s.id, origem: s.origem, status: s.status })}
            />
          )}
          style={{ width: '5rem' }}
          headerClassName="col-actions"
          bodyClassName="col-actions"
        />
      </ListTable>
      <AnalisarSolicitacaoDialog solicitacao={aberta} onHide={() => setAberta(null)} />
    </Page>
  );
}
