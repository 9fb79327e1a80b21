import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import {
  PAGINATOR,
  isWireDate,
  logOperacaoApi,
  type LogOperacao,
  type LogOperacoesFiltro,
  type OperacaoLog,
} from '@jornada/contracts';
import { DateControl } from '../../../components/ui/date-controls';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { SearchInput } from '../../../components/ui/search-input';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control';
import { formatWallDateTime, hojeNaEmpresa } from '../../../shared/format';
import { listarUsuariosLog, pesquisarLogOperacoes } from '../api/logs-operacoes-api';
import '../logs-operacoes.css';

type Row = LogOperacao & { dataTexto: string };

/** The form's values: '' in Usuário is 'Todos' (the contract reads empty as no filter). */
interface Criteria {
  dataInicio: string;
  dataFinal: string;
  nomeLogin: string;
  operacao: OperacaoLog;
}

const { OPERACOES_LOG } = logOperacaoApi;
const FILTER_FIELDS = ['dataTexto', 'loginUsuario', 'nomeUsuario', 'acao', 'descricao'] as const;
const OPERACAO_OPTIONS: readonly SelectOption<OperacaoLog>[] = OPERACOES_LOG.map((o) => ({ label: o, value: o }));

/**
 * The search in the URL (de, ate, usuario, operacao), so a reload or a shared
 * link shows the same search; both dates default to today (seed 000 §2.6).
 */
function useCriteria(): [Criteria, (c: Criteria) => void] {
  const [params, setParams] = useSearchParams();
  const criteria = useMemo<Criteria>(() => {
    const today = hojeNaEmpresa();
    const date = (k: string) => {
      const v = params.get(k);
      return v && isWireDate(v) ? v : today;
    };
    const op = params.get('operacao');
    return {
      dataInicio: date('de'),
      dataFinal: date('ate'),
      nomeLogin: params.get('usuario') ?? '',
      operacao: (OPERACOES_LOG as readonly string[]).includes(op ?? '') ? (op as OperacaoLog) : 'Todos',
    };
  }, [params]);
  const setCriteria = (c: Criteria) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('de', c.dataInicio);
        next.set('ate', c.dataFinal);
        if (c.nomeLogin) next.set('usuario', c.nomeLogin);
        else next.delete('usuario');
        if (c.operacao !== 'Todos') next.set('operacao', c.operacao);
        else next.delete('operacao');
        // A new search starts on its first page.
        next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  return [criteria, setCriteria];
}

/**
 * Logs de Operações (seed 000 §2.6, §9; decision 0024): who created, edited,
 * deleted or reported what and when, on the company's calendar. The search
 * runs with today's dates on open; Buscar runs it again with the form.
 */
export function LogsOperacoesPage() {
  const [criteria, setCriteria] = useCriteria();
  const table = useListTable(PAGINATOR.logs);
  const usuarios = listarUsuariosLog.useQuery({});
  const query = pesquisarLogOperacoes.useQuery(criteria, { staleTime: 0 });
  const { control, handleSubmit } = useForm<LogOperacoesFiltro, unknown, LogOperacoesFiltro>({
    resolver: zodResolver(logOperacaoApi.logOperacoesFiltro),
    defaultValues: criteria,
  });

  const userOptions = useMemo<SelectOption<string>[]>(() => {
    const list = (usuarios.data ?? []).map((u) => ({ label: `${u.nome} (${u.nomeLogin})`, value: u.nomeLogin }));
    // A login from the link that is no user of the list (a support session, a removed user) stays choosable.
    if (criteria.nomeLogin && !list.some((o) => o.value === criteria.nomeLogin)) {
      list.push({ label: criteria.nomeLogin, value: criteria.nomeLogin });
    }
    return [{ label: 'Todos', value: '' }, ...list];
  }, [usuarios.data, criteria.nomeLogin]);

  const rows = useMemo<Row[]>(
    () => (query.data ?? []).map((e) => ({ ...e, dataTexto: formatWallDateTime(e.data) })),
    [query.data],
  );

  const buscar = handleSubmit((v) => {
    const next: Criteria = {
      dataInicio: v.dataInicio,
      dataFinal: v.dataFinal,
      nomeLogin: v.nomeLogin ?? '',
      operacao: v.operacao ?? 'Todos',
    };
    const same = (Object.keys(next) as (keyof Criteria)[]).every((k) => next[k] === criteria[k]);
    // The same search again is a fresh look at the log (new operations may have happened).
    if (same) void query.refetch();
    else setCriteria(next);
  });

  // A refused search (400: the cap, a bad period) says why; anything else offers a retry.
  const refused = query.isError && query.error.status === 400 ? query.error.mensagem : null;

  return (
    <Page title="Logs de Operações">
      <form className="filter-bar" onSubmit={(e) => void buscar(e)} noValidate aria-label="Filtros do log">
        <SelectControl
          control={control}
          name="operacao"
          id="log-operacao"
          label="Operação"
          options={OPERACAO_OPTIONS}
        />
        <SelectControl
          control={control}
          name="nomeLogin"
          id="log-usuario"
          label="Usuário"
          options={userOptions}
          filter={userOptions.length > 8}
        />
        <DateControl control={control} name="dataInicio" id="log-data-inicio" label="Data inicial" />
        <DateControl control={control} name="dataFinal" id="log-data-final" label="Data final" />
        <div className="filter-bar-actions">
          <Button type="submit" label="Buscar" icon="pi pi-search" loading={query.isFetching} />
        </div>
      </form>
      <div className="table-toolbar">
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar nos resultados" />
      </div>
      {refused ? (
        <Message severity="warn" text={refused} className="w-full" />
      ) : (
        <ListTable<Row>
          query={query}
          table={table}
          value={rows}
          dataKey="id"
          filterFields={FILTER_FIELDS}
          emptyMessage={'Nenhuma operação registrada no período.'}
          filteredEmptyMessage={'Nenhuma operação encontrada para o filtro informado.'}
          ariaLabel="Operações"
        >
          <Column
            field="data"
            header="Data da operação"
            sortable
            body={(r: Row) => r.dataTexto}
            style={{ width: '11rem' }}
            bodyStyle={{ whiteSpace: 'nowrap' }}
          />
          <Column field="loginUsuario" header="Login do usuário" sortable />
          <Column field="nomeUsuario" header="Nome do usuário" sortable />
          <Column field="acao" header="Operação" sortable style={{ width: '8rem' }} />
          <Column field="descricao" header="Descrição" sortable />
        </ListTable>
      )}
    </Page>
  );
}
