import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PrimeReactProvider } from 'primereact/api';
import { describe, expect, it, vi } from 'vitest';
import { LOCALE } from '../../../shared/primereact-locale';
import { setSession } from '../../../shared/session';
import { makeSession } from '../../../test/render-app';
import { useListTable, type ListQuery } from '../list-table';
import { RegisterPage } from './register-page';

interface Row {
  id: number;
  nome: string;
}

const page = (from: number, size: number): Row[] =>
  Array.from({ length: size }, (_, i) => ({ id: from + i, nome: `Linha ${from + i}` }));

/** A server-paged register: the fake query answers the page the table state asks for, with the total. */
function ServerPaged({ total, asked }: { total: number; asked: (p: number, rows: number, filter: string) => void }) {
  const table = useListTable();
  asked(table.page, table.rows, table.filter);
  const first = (table.page - 1) * table.rows + 1;
  const query: ListQuery<{ rows: readonly Row[]; total: number }> = {
    data: { rows: page(first, Math.min(table.rows, total - first + 1)), total },
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: () => undefined,
  };
  return (
    <RegisterPage<Row>
      title="Linhas"
      entity="linha"
      dataKey="id"
      columns={[{ field: 'nome', header: 'Nome' }]}
      source={{ paging: 'server', query }}
      table={table}
      filterPlaceholder="Filtrar"
      emptyMessage="Nenhuma linha."
      filteredEmptyMessage="Nada para o filtro."
      rowLabel={(r) => r.nome}
      codes={{}}
    />
  );
}

describe('RegisterPage with server paging', () => {
  it('shows the server total, asks the server for the next page and keeps it in the URL', async () => {
    setSession(makeSession([]));
    const asked = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <ServerPaged total={45} asked={asked} /> }]);
    const user = userEvent.setup();
    render(
      <PrimeReactProvider value={{ locale: LOCALE }}>
        <RouterProvider router={router} />
      </PrimeReactProvider>,
    );
    expect(screen.getByText('Mostrando 1 a 10 de 45')).toBeInTheDocument();
    // The page-size dropdown is labelled in Portuguese, not PrimeReact's 'Jump to Page Dropdown' (issue 24 §8).
    expect(document.querySelector('.p-paginator .p-dropdown input')).toHaveAttribute('aria-label', 'Linhas por página');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 11 a 20 de 45')).toBeInTheDocument();
    // The page holds exactly the rows the server sent (no client slicing of a server page).
    expect(within(screen.getByRole('table')).getByText('Linha 11')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByText('Linha 10')).not.toBeInTheDocument();
    expect(asked).toHaveBeenLastCalledWith(2, 10, '');
    expect(router.state.location.search).toBe('?pagina=2');
  });
});
