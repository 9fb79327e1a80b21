import { useCallback, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { PAGINATOR, PERM, type Cargo } from '@jornada/contracts';
import { AppDataTable } from '../../../components/ui/data-table';
import { confirmAction } from '../../../components/ui/confirm';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { useHasCode } from '../../../shared/session';
import { useTableUrlState } from '../../../shared/url-state';
import { useExcluirCargo } from '../api/excluir-cargo';
import { useListarCargos } from '../api/listar-cargos';
import { SaveCargoDialog } from './save-cargo-dialog';

const FILTER_FIELDS = ['codigo', 'nome'] as const satisfies readonly (keyof Cargo)[];

/** Cargos register (seed 000 §2.5): buttons follow codes 20 (Novo), 21 (editar), 22 (excluir). */
export function CargosPage() {
  const canCreate = useHasCode(PERM.CARGOS_NOVO);
  const canEdit = useHasCode(PERM.CARGOS_EDITAR);
  const canDelete = useHasCode(PERM.CARGOS_EXCLUIR);
  const { rows: pageRows, options } = PAGINATOR.cadastros;
  const table = useTableUrlState(pageRows, options);
  const cargos = useListarCargos();
  const excluir = useExcluirCargo();
  // The edited cargo outlives the open flag so the header does not flip during the closing animation.
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Cargo | null>(null);
  const openDialog = (c: Cargo | null) => {
    setEditing(c);
    setDialogOpen(true);
  };

  const askDelete = useCallback(
    (c: Cargo) =>
      confirmAction({
        message: `Excluir ${c.nome} ?`,
        header: 'Excluir cargo',
        danger: true,
        onAccept: () => excluir.mutate(c.id),
      }),
    [excluir],
  );

  const actions = (c: Cargo) => (
    <div className="row-actions">
      {canEdit ? (
        <Button
          icon="pi pi-pencil"
          rounded
          text
          severity="secondary"
          aria-label={`Editar ${c.nome}`}
          tooltip="Editar"
          tooltipOptions={{ position: 'top' }}
          onClick={() => openDialog(c)}
        />
      ) : null}
      {canDelete ? (
        <Button
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label={`Excluir ${c.nome}`}
          tooltip="Excluir"
          tooltipOptions={{ position: 'top' }}
          onClick={() => askDelete(c)}
        />
      ) : null}
    </div>
  );

  return (
    <Page
      title="Cargos"
      actions={canCreate ? <Button label="Novo" icon="pi pi-plus" onClick={() => openDialog(null)} /> : null}
    >
      <div className="table-toolbar">
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar por código ou nome" />
      </div>
      <AppDataTable<Cargo>
        value={cargos.data ?? []}
        dataKey="id"
        first={table.first}
        rows={table.rows}
        rowsPerPageOptions={options}
        onPage={table.setPage}
        filter={table.filter}
        filterFields={FILTER_FIELDS}
        sortField={table.sortField}
        sortOrder={table.sortOrder}
        onSort={table.setSort}
        loading={cargos.isLoading}
        emptyMessage={table.filter ? 'Nenhum cargo encontrado para o filtro informado.' : 'Nenhum cargo cadastrado.'}
        ariaLabel="Cargos"
      >
        <Column field="codigo" header="Código" sortable style={{ width: '9rem' }} />
        <Column field="nome" header="Nome" sortable />
        {canEdit || canDelete ? (
          <Column
            header="Ações"
            body={actions}
            style={{ width: '6.5rem' }}
            headerClassName="col-actions"
            bodyClassName="col-actions"
          />
        ) : null}
      </AppDataTable>
      <SaveCargoDialog visible={dialogOpen} cargo={editing} onHide={() => setDialogOpen(false)} />
    </Page>
  );
}
