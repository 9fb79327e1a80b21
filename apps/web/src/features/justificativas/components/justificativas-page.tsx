import { PERM, type Justificativa } from '@jornada/contracts';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { excluirJustificativa, listarJustificativas } from '../api/justificativas-api';
import { SalvarJustificativaDialog } from './salvar-justificativa-dialog';

const COLUMNS: readonly RegisterColumn<Justificativa>[] = [
  { field: 'descricao', header: 'Descrição', sortable: true },
  { field: 'descricaoTipo', header: 'Tipo', sortable: true, width: '14rem' },
  {
    field: 'inibirAcesso',
    header: 'Inibir acessos',
    sortable: true,
    width: '9rem',
    body: (r) => (r.inibirAcesso ? 'Sim' : 'Não'),
  },
];

/** Justificativas register (seed 000 §2.5): buttons follow codes 91 (Novo), 92 (editar), 93 (excluir). */
export function JustificativasPage() {
  const table = useListTable();
  const rows = listarJustificativas.useQuery({});
  const excluir = excluirJustificativa.useMutation({ invalidates: [listarJustificativas.endpoint] });
  const dialog = useRegisterDialog<Justificativa>();
  return (
    <RegisterPage<Justificativa>
      title="Justificativas"
      entity="justificativa"
      dataKey="id"
      columns={COLUMNS}
      source={{ paging: 'client', query: rows, filterFields: ['descricao', 'descricaoTipo'] }}
      table={table}
      filterPlaceholder="Filtrar por descrição ou tipo"
      emptyMessage="Nenhuma justificativa cadastrada."
      filteredEmptyMessage="Nenhuma justificativa encontrada para o filtro informado."
      rowLabel={(r) => r.descricao}
      codes={{
        create: PERM.JUSTIFICATIVAS_NOVO,
        edit: PERM.JUSTIFICATIVAS_EDITAR,
        remove: PERM.JUSTIFICATIVAS_EXCLUIR,
      }}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(r) => excluir.mutate({ justificativa: { id: r.id } })}
    >
      <SalvarJustificativaDialog visible={dialog.visible} row={dialog.row} onHide={dialog.close} />
    </RegisterPage>
  );
}
