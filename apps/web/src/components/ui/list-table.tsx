import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { PAGINATOR } from '@jornada/contracts';
import { useTableUrlState } from '../../shared/url-state';
import { AppDataTable, type RowGroup } from './data-table';

/** The part of a TanStack query result a list needs (so tests and server/client paging share one shape). */
export interface ListQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list's page sizes: the default and the choices (seed 000 §9, `PAGINATOR` in the contracts). */
export interface Paginator {
  rows: number;
  options: readonly number[];
}

/**
 * Page, size, filter and sort of a list screen, kept in the URL (architecture §4), with the page sizes the
 * table offers. Registers use the 10/20/30/50 of seed 000 §9 unless their screen gives others.
 */
export function useListTable(paginator: Paginator = PAGINATOR.cadastros) {
  return { ...useTableUrlState(paginator.rows, paginator.options), rowsPerPageOptions: paginator.options };
}

export type ListTableState = ReturnType<typeof useListTable>;

export const LIST_ERROR_TEXT = 'Não foi possível carregar a lista.';

/**
 * A failed list is not an empty list: saying 'Nenhum … cadastrado' would lie.
 * The toast already told what happened; this stays until a retry works.
 */
export function ListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="empty-state" role="alert">
      <i className="pi pi-exclamation-circle empty-state-icon" aria-hidden="true" />
      <p>{LIST_ERROR_TEXT}</p>
      <Button label="Tentar novamente" icon="pi pi-refresh" outlined loading={retrying} onClick={onRetry} />
    </div>
  );
}

export interface ListTableProps<T extends object> {
  /** The list's query: its first failure shows the error state instead of an empty table. */
  query: ListQuery<unknown>;
  table: ListTableState;
  /** The rows: the whole list (client paging) or one page with `lazy` (server paging). */
  value: readonly T[];
  dataKey: keyof T & string;
  /** Client paging: the fields the filter box searches (case- and accent-insensitive). */
  filterFields?: readonly (keyof T & string)[];
  /** Server paging: the query already carries page, size and filter; this is the whole count. */
  lazy?: { totalRecords: number };
  emptyMessage: string;
  /** What an empty table says while the filter box holds text (default: `emptyMessage`). */
  filteredEmptyMessage?: string;
  /** When the query's own pending state is not the whole story (e.g. nothing to load until a company is chosen). */
  loading?: boolean;
  /** What 'Tentar novamente' does (default: refetch the query). */
  onRetry?: () => void;
  /** false: the columns' sort is not kept in the URL (server lists whose order is fixed). */
  sortable?: boolean;
  ariaLabel: string;
  pageReportTemplate?: string;
  /** A click on a row (see AppDataTable: a pointer shortcut to something a control in the row also opens). */
  onRowClick?: (row: T) => void;
  rowClassName?: (row: T) => string | undefined;
  /** Rows grouped under a header row (see AppDataTable); the server's order must keep each group together. */
  rowGroup?: RowGroup<T>;
  children: ReactNode;
}

/**
 * The table of a list screen wired to its URL state and its query: paging, client filter or server page,
 * sort, loading, the empty message (with and without a filter) and the error state with its retry. Screens
 * bring the columns and what is around the table; the wiring lives here once.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { query, table } = props;
  if (query.isError && query.data === undefined) {
    return <ListError onRetry={props.onRetry ?? (() => void query.refetch())} retrying={query.isFetching} />;
  }
  const sortable = props.sortable ?? true;
  return (
    <AppDataTable<T>
      value={props.value}
      dataKey={props.dataKey}
      first={table.first}
      rows={table.rows}
      rowsPerPageOptions={table.rowsPerPageOptions}
      onPage={table.setPage}
      {...(props.lazy ? { lazy: props.lazy } : { filter: table.filter, filterFields: props.filterFields ?? [] })}
      {...(sortable ? { sortField: table.sortField, sortOrder: table.sortOrder, onSort: table.setSort } : {})}
      loading={props.loading ?? query.isPending}
      emptyMessage={table.filter && props.filteredEmptyMessage ? props.filteredEmptyMessage : props.emptyMessage}
      ariaLabel={props.ariaLabel}
      {...(props.pageReportTemplate ? { pageReportTemplate: props.pageReportTemplate } : {})}
      onRowClick={props.onRowClick}
      rowClassName={props.rowClassName}
      rowGroup={props.rowGroup}
    >
      {props.children}
    </AppDataTable>
  );
}
