import { PERM, type Cargo } from '@jornada/contracts';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { excluirCargo } from '../api/cargos-api';
import { SalvarCargoDialog } from './salvar-cargo-dialog';
import { listarCargos } from '../../../shared/lookups-api';

const COLUMNS: readonly RegisterColumn<Cargo>[] = [
  { field: 'codigo', header: 'Código', sortable: true, width: '9rem' },
  { field: 'nome', header: 'Nome', sortable: true },
];

/** Cargos register (seed 000 §2.5): buttons follow codes 20 (Novo), 21 (editar), 22 (excluir). */
export function CargosPage() {
  const table = useListTable();
  const cargos = listarCargos.useQuery({});
  const excluir = excluirCargo.useMutation({ invalidates: [listarCargos.endpoint] });
  const dialog = useRegisterDialog<Cargo>();

  return (
    <RegisterPage<Cargo>
      title="Cargos"
      entity="cargo"
      dataKey="id"
      columns={COLUMNS}
      source={{ paging: 'client', query: cargos, filterFields: ['codigo', 'nome'] }}
      table={table}
      filterPlaceholder="Filtrar por código ou nome"
      emptyMessage="Nenhum cargo cadastrado."
      filteredEmptyMessage="Nenhum cargo encontrado para o filtro informado."
      rowLabel={(c) => c.nome}
      codes={{ create: PERM.CARGOS_NOVO, edit: PERM.CARGOS_EDITAR, remove: PERM.CARGOS_EXCLUIR }}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(c) => excluir.mutate({ cargo: { id: c.id } })}
    >
      <SalvarCargoDialog visible={dialog.visible} cargo={dialog.row} onHide={dialog.close} />
    </RegisterPage>
  );
}
