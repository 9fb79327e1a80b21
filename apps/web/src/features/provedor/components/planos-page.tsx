import { LIMITS, SUPER_ADMIN_CODE, provedorApi, type Plano, type PlanoForm } from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { excluirPlano, listarPlanos, salvarPlano } from '../api/provedor-api';

const number = new Intl.NumberFormat('pt-BR');
const n = (field: keyof Plano) => (p: Plano) => number.format(p[field] as number);

const COLUMNS: readonly RegisterColumn<Plano>[] = [
  { field: 'nome', header: 'Nome', sortable: true },
  { field: 'maxCnpjs', header: 'CNPJs', sortable: true, body: n('maxCnpjs') },
  { field: 'maxFuncionarios', header: 'Funcionários ativos', sortable: true, body: n('maxFuncionarios') },
  { field: 'maxDispositivosMoveis', header: 'Disp. móveis', sortable: true, body: n('maxDispositivosMoveis') },
  { field: 'maxDispositivosWeb', header: 'Disp. web', sortable: true, body: n('maxDispositivosWeb') },
  { field: 'maxUsuarios', header: 'Usuários', sortable: true, body: n('maxUsuarios') },
  { field: 'clientes', header: 'Clientes', sortable: true, width: '7rem' },
];

/** The limits of the form, in the order of the columns. */
const LIMIT_FIELDS = [
  ['maxCnpjs', 'CNPJs'],
  ['maxFuncionarios', 'funcionários ativos'],
  ['maxDispositivosMoveis', 'dispositivos móveis'],
  ['maxDispositivosWeb', 'dispositivos web'],
  ['maxUsuarios', 'usuários'],
] as const;

const emptyForm: PlanoForm = {
  id: null,
  nome: '',
  maxCnpjs: '',
  maxFuncionarios: '',
  maxDispositivosMoveis: '',
  maxDispositivosWeb: '',
  maxUsuarios: '',
};

// The form takes the plan's own fields only (the schema is strict: `clientes` is not one).
const fromPlano = ({ clientes: _clientes, ...p }: Plano): PlanoForm => p;

/**
 * Planos (the provider's area, issue 9): the limits a customer subscribes to.
 * A plan in use cannot be deleted (the server says so in a toast).
 */
export function PlanosPage() {
  const table = useListTable();
  const planos = listarPlanos.useQuery({});
  const excluir = excluirPlano.useMutation({ invalidates: [listarPlanos.endpoint] });
  const salvar = salvarPlano.useMutation({ invalidates: [listarPlanos.endpoint] });
  const dialog = useRegisterDialog<Plano>();
  const editing = dialog.row;

  return (
    <RegisterPage<Plano>
      title="Planos"
      entity="plano"
      dataKey="id"
      columns={COLUMNS}
      source={{ paging: 'client', query: planos, filterFields: ['nome'] }}
      table={table}
      filterPlaceholder="Filtrar por nome"
      emptyMessage="Nenhum plano cadastrado."
      filteredEmptyMessage="Nenhum plano encontrado para o filtro informado."
      rowLabel={(p) => p.nome}
      codes={{ create: SUPER_ADMIN_CODE, edit: SUPER_ADMIN_CODE, remove: SUPER_ADMIN_CODE }}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(p) => excluir.mutate({ plano: { id: p.id } })}
    >
      <FormDialog
        schema={provedorApi.planoForm}
        visible={dialog.visible}
        header={editing ? 'Editar Plano' : 'Novo Plano'}
        values={editing ? fromPlano(editing) : emptyForm}
        pending={salvar.isPending}
        onHide={dialog.close}
        onSubmit={(plano) => salvar.mutate({ plano }, { onSuccess: dialog.close })}
      >
        {({ control }) => (
          <>
            <TextControl
              control={control}
              name="nome"
              id="plano-nome"
              label="Nome"
              maxLength={LIMITS.planoNome}
              autoFocus
            />
            {LIMIT_FIELDS.map(([name, label]) => (
              <TextControl key={name} control={control} name={name} id={`plano-${name}`} label={`Limite de ${label}`} />
            ))}
          </>
        )}
      </FormDialog>
    </RegisterPage>
  );
}
