import { cloneElement, isValidElement, useMemo, type ReactElement, type ReactNode } from 'react';
import {
  DataTable,
  type DataTablePageEvent,
  type DataTableRowClickEvent,
  type DataTableSortEvent,
} from 'primereact/datatable';
import type { PaginatorRowsPerPageDropdownOptions, PaginatorTemplateOptions } from 'primereact/paginator';
import { normalizeForSearch } from '../../shared/format';

/** Portuguese paginator texts (seed 000 §9, architecture §4). */
export const PAGE_REPORT_TEMPLATE = 'Mostrando {first} a {last} de {totalRecords}';
/**
 * The rows-per-page dropdown is PrimeReact's own, labelled in Portuguese here: the paginator's bundle reads that one
 * label from a locale table of its own, always English ('Jump to Page Dropdown'), whatever locale the app set
 * (issue 24 §8).
 */
const PAGINATOR_TEMPLATE: PaginatorTemplateOptions = {
  layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
  RowsPerPageDropdown: (o: PaginatorRowsPerPageDropdownOptions) =>
    isValidElement<{ children?: ReactNode }>(o.element) && isValidElement(o.element.props.children)
      ? cloneElement(o.element.props.children as ReactElement<{ 'aria-label'?: string }>, {
          'aria-label': 'Linhas por página',
        })
      : o.element,
};

export interface AppDataTableProps<T extends object> {
  value: readonly T[];
  dataKey: keyof T & string;
  children: ReactNode;
  /** Paging: `first` and `rows` are controlled so the screen can keep them in the URL. */
  first: number;
  rows: number;
  rowsPerPageOptions: readonly number[];
  onPage: (first: number, rows: number) => void;
  /** Client-side filter over `filterFields` (case- and accent-insensitive). */
  filter?: string;
  filterFields?: readonly (keyof T & string)[];
  sortField?: string | undefined;
  sortOrder?: 1 | -1 | undefined;
  onSort?: (field: string | undefined, order: 1 | -1 | 0 | null | undefined) => void;
  loading?: boolean;
  emptyMessage: string;
  /** Server-side paging: `value` is one page and `totalRecords` the whole count. */
  lazy?: { totalRecords: number };
  ariaLabel?: string;
  /** The paginator's report when a screen's seed words it otherwise (e.g. 'Página {currentPage} de {totalPages}'). */
  pageReportTemplate?: string;
  /**
   * A click on a row (not on a button or field inside it: PrimeReact leaves those to themselves). A pointer
   * shortcut only: what it opens must also be reachable by keyboard from a control in the row.
   */
  onRowClick?: ((row: T) => void) | undefined;
  /** Classes of a row (e.g. the pointer cursor on the rows a click opens). */
  rowClassName?: ((row: T) => string | undefined) | undefined;
  /**
   * Rows grouped under a header row (PrimeReact's subheader mode): `field` (dotted paths resolve) is what
   * consecutive rows of one group share — the rows must come in that order —, `header` what the group's row says.
   */
  rowGroup?: RowGroup<T> | undefined;
}

export interface RowGroup<T> {
  field: string;
  header: (row: T) => ReactNode;
}

/** Rows whose `fields` contain `filter` (all rows when the filter is blank). */
export function filterRows<T extends object>(
  rows: readonly T[],
  filter: string,
  fields: readonly (keyof T & string)[],
): T[] {
  const needle = normalizeForSearch(filter);
  if (!needle) return [...rows];
  return rows.filter((r) =>
    fields.some((f) => {
      const v = r[f];
      return v !== null && v !== undefined && normalizeForSearch(String(v)).includes(needle);
    }),
  );
}

/**
 * The data table every list screen uses: PrimeReact DataTable with the house
 * paginator, Portuguese texts, striped rows and controlled paging. Client-side
 * filtering happens here (not with DataTable's globalFilter) so the page can be
 * clamped when the filter leaves fewer rows than the remembered page.
 */
export function AppDataTable<T extends object>(props: AppDataTableProps<T>) {
  const { value, filter = '', filterFields = [], lazy } = props;
  const rows = useMemo(
    () => (lazy ? [...value] : filterRows(value, filter, filterFields)),
    [value, filter, filterFields, lazy],
  );
  const total = lazy ? lazy.totalRecords : rows.length;
  // A remembered page past the end (after a delete or a narrower filter) falls back to the last page.
  const first =
    total === 0 ? 0 : props.first >= total ? Math.floor((total - 1) / props.rows) * props.rows : props.first;

  return (
    <DataTable
      value={rows}
      dataKey={props.dataKey}
      paginator
      lazy={lazy !== undefined}
      totalRecords={lazy ? lazy.totalRecords : undefined}
      first={first}
      rows={props.rows}
      rowsPerPageOptions={[...props.rowsPerPageOptions]}
      onPage={(e: DataTablePageEvent) => props.onPage(e.first, e.rows)}
      paginatorTemplate={PAGINATOR_TEMPLATE}
      currentPageReportTemplate={props.pageReportTemplate ?? PAGE_REPORT_TEMPLATE}
      sortField={props.sortField}
      sortOrder={props.sortOrder ?? null}
      onSort={props.onSort ? (e: DataTableSortEvent) => props.onSort?.(e.sortField, e.sortOrder) : undefined}
      removableSort
      loading={props.loading}
      // While the rows load, an empty table is not 'Nenhum … cadastrado' (issue 24 §13).
      emptyMessage={props.loading ? 'Carregando…' : props.emptyMessage}
      stripedRows
      size="normal"
      className="app-table"
      aria-label={props.ariaLabel}
      {...(props.onRowClick ? { onRowClick: (e: DataTableRowClickEvent) => props.onRowClick?.(e.data as T) } : {})}
      {...(props.rowClassName ? { rowClassName: (row: T) => props.rowClassName?.(row) ?? '' } : {})}
      {...(props.rowGroup
        ? {
            rowGroupMode: 'subheader' as const,
            groupRowsBy: props.rowGroup.field,
            rowGroupHeaderTemplate: (row: T) => props.rowGroup?.header(row),
          }
        : {})}
    >
      {props.children}
    </DataTable>
  );
}
