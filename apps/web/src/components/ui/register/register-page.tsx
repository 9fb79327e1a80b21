import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useHeldCodes } from '../../../shared/session';
import { confirmAction } from '../confirm';
import { ListTable, type ListQuery, type ListTableState } from '../list-table';
import { Page } from '../page';
import { SearchInput } from '../search-input';

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
  table: ListTableState;
  filterPlaceholder: string;
  emptyMessage: string;
  filteredEmptyMessage: string;
  /** How a row is named in button labels and the delete question ('Excluir Analista ?'). */
  rowLabel: (row: T) => string;
  /** The delete question when the seed words it otherwise (Usuários: 'Excluir usuário {nome}?'). */
  deleteMessage?: (row: T) => string;
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
      <ListTable<T>
        query={query}
        table={table}
        value={(source.paging === 'client' ? source.query.data : source.query.data?.rows) ?? []}
        dataKey={props.dataKey}
        {...(source.paging === 'client'
          ? { filterFields: source.filterFields }
          : { lazy: { totalRecords: source.query.data?.total ?? 0 } })}
        emptyMessage={props.emptyMessage}
        filteredEmptyMessage={props.filteredEmptyMessage}
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
      </ListTable>
      {props.children}
    </Page>
  );
}
