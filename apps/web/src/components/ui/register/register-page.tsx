import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { PAGINATOR } from '@jornada/contracts';
import { useHeldCodes } from '../../../shared/session';
import type { useRegisterTable } from './use-register';
import { confirmAction } from '../confirm';
import { AppDataTable } from '../data-table';
import { Page } from '../page';
import { SearchInput } from '../search-input';

/** The part of a TanStack query result a list needs (so tests and server/client paging share one shape). */
export interface ListQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Where the rows come from. `client`: the API answers the whole list and the
 * page filters and pages it (small registers). `server`: the query already
 * carries page, size and filter from `table` and answers one page plus the
 * total (architecture §4: lists that can grow past a few thousand rows).
 */
export type RegisterSource<T> =
  | { paging: 'client'; query: ListQuery<readonly T[]>; filterFields: readonly (keyof T & string)[] }
  | { paging: 'server'; query: ListQuery<{ rows: readonly T[]; total: number }> };

export interface RegisterColumn<T> {
  field: keyof T & string;
  header: string;
  sortable?: boolean;
  width?: string;
  body?: (row: T) => ReactNode;
}

/** Permission codes of the buttons (seed 000 §2.5: Novo / editar / excluir each have their own). */
export interface RegisterCodes {
  create?: number;
  edit?: number;
  remove?: number;
}

export interface RegisterPageProps<T extends object> {
  title: string;
  /** Singular, as in the confirm header 'Excluir cargo'. */
  entity: string;
  dataKey: keyof T & string;
  columns: readonly RegisterColumn<T>[];
  source: RegisterSource<T>;
  table: ReturnType<typeof useRegisterTable>;
  filterPlaceholder: string;
  emptyMessage: string;
  filteredEmptyMessage: string;
  /** How a row is named in button labels and the delete question ('Excluir Analista ?'). */
  rowLabel: (row: T) => string;
  /** The delete question when the seed words it otherwise (Usuários: 'Excluir usuário {nome}?'). */
  deleteMessage?: (row: T) => string;
  /** Page sizes when the seed gives others than the registers' 10/20/30/50 (seed 000 §9). */
  rowsPerPageOptions?: readonly number[];
  codes: RegisterCodes;
  onCreate?: () => void;
  onEdit?: (row: T) => void;
  /** Runs after the user answers Sim. */
  onDelete?: (row: T) => void;
  /** Rows that offer neither edit nor delete whatever the codes (e.g. a reason the system depends on). */
  readOnlyRow?: (row: T) => boolean;
  /** More controls beside the filter (e.g. a year). */
  toolbar?: ReactNode;
  /** More header buttons, before Novo. */
  actions?: ReactNode;
  /** Dialogs of the register. */
  children?: ReactNode;
}

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

export function RowActions<T>({
  row,
  label,
  onEdit,
  onDelete,
}: {
  row: T;
  label: string;
  onEdit?: ((row: T) => void) | undefined;
  onDelete?: ((row: T) => void) | undefined;
}) {
  return (
    <div className="row-actions">
      {onEdit ? (
        <Button
          icon="pi pi-pencil"
          rounded
          text
          severity="secondary"
          aria-label={`Editar ${label}`}
          tooltip="Editar"
          tooltipOptions={{ position: 'top' }}
          onClick={() => onEdit(row)}
        />
      ) : null}
      {onDelete ? (
        <Button
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label={`Excluir ${label}`}
          tooltip="Excluir"
          tooltipOptions={{ position: 'top' }}
          onClick={() => onDelete(row)}
        />
      ) : null}
    </div>
  );
}

/**
 * The register screen (seed 000 §2.5): title with Novo, filter, table with
 * paging 10/20/30/50 and page + filter in the URL, empty and error states, row
 * buttons shown by permission code, and 'Excluir … ?' Sim/Não before a delete.
 */
export function RegisterPage<T extends object>(props: RegisterPageProps<T>) {
  const { source, table, codes } = props;
  const held = useHeldCodes();
  const allowed = (code: number | undefined) => code !== undefined && held.has(code);
  const onCreate = allowed(codes.create) ? props.onCreate : undefined;
  const onEdit = allowed(codes.edit) ? props.onEdit : undefined;
  const onDelete = allowed(codes.remove) ? props.onDelete : undefined;
  const askDelete = onDelete
    ? (row: T) =>
        confirmAction({
          message: props.deleteMessage?.(row) ?? `Excluir ${props.rowLabel(row)} ?`,
          header: `Excluir ${props.entity}`,
          danger: true,
          onAccept: () => onDelete(row),
        })
    : undefined;

  const { query } = source;
  const failed = query.isError && query.data === undefined;
  const rows = source.paging === 'client' ? source.query.data : source.query.data?.rows;

  return (
    <Page
      title={props.title}
      actions={
        props.actions || onCreate ? (
          <>
            {props.actions}
            {onCreate ? <Button label="Novo" icon="pi pi-plus" onClick={onCreate} /> : null}
          </>
        ) : null
      }
    >
      <div className="table-toolbar">
        {props.toolbar}
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder={props.filterPlaceholder} />
      </div>
      {failed ? (
        <ListError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <AppDataTable<T>
          value={rows ?? []}
          dataKey={props.dataKey}
          first={table.first}
          rows={table.rows}
          rowsPerPageOptions={props.rowsPerPageOptions ?? PAGINATOR.cadastros.options}
          onPage={table.setPage}
          {...(source.paging === 'client'
            ? { filter: table.filter, filterFields: source.filterFields }
            : { lazy: { totalRecords: source.query.data?.total ?? 0 } })}
          sortField={table.sortField}
          sortOrder={table.sortOrder}
          onSort={table.setSort}
          loading={query.isPending}
          emptyMessage={table.filter ? props.filteredEmptyMessage : props.emptyMessage}
          ariaLabel={props.title}
        >
          {props.columns.map((c) => (
            <Column
              key={c.field}
              field={c.field}
              header={c.header}
              sortable={c.sortable}
              body={c.body}
              style={c.width ? { width: c.width } : undefined}
            />
          ))}
          {onEdit || askDelete ? (
            <Column
              header="Ações"
              body={(row: T) =>
                props.readOnlyRow?.(row) ? null : (
                  <RowActions row={row} label={props.rowLabel(row)} onEdit={onEdit} onDelete={askDelete} />
                )
              }
              style={{ width: '6.5rem' }}
              headerClassName="col-actions"
              bodyClassName="col-actions"
            />
          ) : null}
        </AppDataTable>
      )}
      {props.children}
    </Page>
  );
}
