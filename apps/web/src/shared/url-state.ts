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

/** A positive integer id from the query (an absent or tampered value is null). */
export const idDaUrl = (v: string | null): number | null => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/** A month 'yyyy-mm' from the query (anything else is null). */
export const mesDaUrl = (v: string | null): string | null => (v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : null);

/**
 * A filtered list's query (its filters beside the table's page): `atualizar` sets or clears the keys given (null or
 * '' clears) and drops the page, because a changed filter lists from the first page again. The history entry is
 * replaced, as the table's own paging does.
 */
export function useFiltroNaUrl() {
  const [params, setParams] = useSearchParams();
  const atualizar = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries({ ...patch, pagina: null })) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, atualizar };
}
