import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface TableUrlState {
  /** 1-based page, as a server-paged list sends it. */
  page: number;
  first: number;
  rows: number;
  filter: string;
  sortField: string | undefined;
  sortOrder: 1 | -1 | undefined;
}

/**
 * Page, page size, filter and sort of a list, kept in the URL query so a
 * reload or a shared link shows the same view (architecture §4). Updates
 * replace the history entry: paging should not fill the back button.
 */
export function useTableUrlState(defaultRows: number, allowedRows: readonly number[]) {
  const [params, setParams] = useSearchParams();

  const state = useMemo<TableUrlState>(() => {
    const rowsParam = Number(params.get('linhas'));
    const rows = allowedRows.includes(rowsParam) ? rowsParam : defaultRows;
    const page = Math.max(1, Math.floor(Number(params.get('pagina')) || 1));
    const ordem = params.get('ordem');
    const dir = params.get('dir');
    return {
      page,
      first: (page - 1) * rows,
      rows,
      filter: params.get('filtro') ?? '',
      sortField: ordem ?? undefined,
      sortOrder: ordem ? (dir === 'desc' ? -1 : 1) : undefined,
    };
  }, [params, defaultRows, allowedRows]);

  const update = useCallback(
    (patch: Record<string, string | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (first: number, rows: number) => {
      const page = Math.floor(first / rows) + 1;
      update({ pagina: page > 1 ? String(page) : null, linhas: rows !== defaultRows ? String(rows) : null });
    },
    [update, defaultRows],
  );

  // A new filter starts from the first page: the old page may not exist any more.
  const setFilter = useCallback((filter: string) => update({ filtro: filter, pagina: null }), [update]);

  const setSort = useCallback(
    (field: string | undefined, order: 1 | -1 | 0 | null | undefined) =>
      update({ ordem: field && order ? field : null, dir: field && order === -1 ? 'desc' : null }),
    [update],
  );

  return { ...state, setPage, setFilter, setSort };
}
