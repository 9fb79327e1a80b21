import { Tag } from 'primereact/tag';
import { PERM, type MotivoAfastamento } from '@jornada/contracts';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { excluirMotivoAfastamento, listarMotivosAfastamento } from '../api/motivos-afastamento-api';
import { SalvarMotivoAfastamentoDialog } from './salvar-motivo-afastamento-dialog';
import '../motivos-afastamento.css';

/** The list as shown and filtered: the kind spelled out. */
type Row = MotivoAfastamento & { tipo: string };

const COLUMNS: readonly RegisterColumn<Row>[] = [
  {
    field: 'descricao',
    header: 'Descrição',
    sortable: true,
    body: (r) => (
      <span className="cell-with-tag">
        {r.descricao}
        {r.protegido ? (
          <Tag
            value="Do sistema"
            severity="secondary"
            icon="pi pi-lock"
            title="Usado nas transferências: não pode ser renomeado nem excluído"
          />
        ) : null}
      </span>
    ),
  },
  { field: 'tipo', header: 'Tipo', sortable: true, width: '12rem' },
];

/**
 * Motivos de Afastamento (seed 000 §2.5): buttons follow the Cargos codes
 * 20 (Novo), 21 (editar), 22 (excluir), seed 000 §6; a reason of the system
 * (Transferência) offers neither.
 */
export function MotivosAfastamentoPage() {
  const table = useListTable();
  const motivos = listarMotivosAfastamento.useQuery({});
  const excluir = excluirMotivoAfastamento.useMutation({ invalidates: [listarMotivosAfastamento.endpoint] });
  const dialog = useRegisterDialog<MotivoAfastamento>();
  const data = motivos.data?.map((m): Row => ({ ...m, tipo: m.definitivo ? 'Definitivo' : 'Não Definitivo' }));
  return (
    <RegisterPage<Row>
      title="Motivos de Afastamento"
      entity="motivo de afastamento"
      dataKey="id"
      columns={COLUMNS}
      source={{ paging: 'client', query: { ...motivos, data }, filterFields: ['descricao', 'tipo'] }}
      table={table}
      filterPlaceholder="Filtrar por descrição ou tipo"
      emptyMessage="Nenhum motivo de afastamento cadastrado."
      filteredEmptyMessage="Nenhum motivo de afastamento encontrado para o filtro informado."
      rowLabel={(r) => r.descricao}
      codes={{ create: PERM.CARGOS_NOVO, edit: PERM.CARGOS_EDITAR, remove: PERM.CARGOS_EXCLUIR }}
      readOnlyRow={(r) => r.protegido}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(r) => excluir.mutate({ motivoAfastamento: { id: r.id } })}
    >
      <SalvarMotivoAfastamentoDialog visible={dialog.visible} row={dialog.row} onHide={dialog.close} />
    </RegisterPage>
  );
}
