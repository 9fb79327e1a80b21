import { render, screen } from '@testing-library/react';
import { Column } from 'primereact/column';
import { PrimeReactProvider } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { LOCALE } from '../../shared/primereact-locale';
import { AppDataTable } from './data-table';

const tabela = (loading: boolean) => (
  <PrimeReactProvider value={{ locale: LOCALE }}>
    <AppDataTable<{ id: number; nome: string }>
      value={[]}
      dataKey="id"
      first={0}
      rows={10}
      rowsPerPageOptions={[10]}
      onPage={() => undefined}
      loading={loading}
      emptyMessage="Nenhum cargo cadastrado."
      ariaLabel="Cargos"
    >
      <Column field="nome" header="Nome" />
    </AppDataTable>
  </PrimeReactProvider>
);

describe('AppDataTable', () => {
  it("says 'Carregando…' while the rows load, and the empty message only once they came (issue 24 §13)", () => {
    const { rerender } = render(tabela(true));
    expect(screen.queryByText('Nenhum cargo cadastrado.')).not.toBeInTheDocument();
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    rerender(tabela(false));
    expect(screen.getByText('Nenhum cargo cadastrado.')).toBeInTheDocument();
  });
});
