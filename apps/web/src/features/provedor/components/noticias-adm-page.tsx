import { InputTextarea } from 'primereact/inputtextarea';
import { LIMITS, SUPER_ADMIN_CODE, provedorApi, type NoticiaAdm, type NoticiaForm } from '@jornada/contracts';
import { DateControl } from '../../../components/ui/date-controls';
import { Field, TextControl, text } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control';
import { formatDate, hojeNaEmpresa } from '../../../shared/format';
import { excluirNoticia, listarNoticiasAdm, salvarNoticia } from '../api/provedor-api';
import { listarClientes } from '../../../shared/lookups-api';

type Row = NoticiaAdm & { publicacao: string; destino: string };

const COLUMNS: readonly RegisterColumn<Row>[] = [
  { field: 'titulo', header: 'Título', sortable: true },
  { field: 'dataPublicacao', header: 'Publicação', sortable: true, width: '9rem', body: (n) => n.publicacao },
  { field: 'destino', header: 'Para', sortable: true },
];

const fromNoticia = (n: NoticiaAdm): NoticiaForm => ({
  id: n.id,
  titulo: n.titulo,
  conteudo: n.conteudo,
  dataPublicacao: n.dataPublicacao,
  idCliente: n.cliente?.id ?? null,
});

/**
 * Notícias, the provider's side (issue 9): publish to every customer or to
 * one. The content takes the light markup the customers' screen renders
 * (seed 000 §2.6): @p … @ep paragraph, @b … @eb bold.
 */
export function NoticiasAdmPage() {
  const table = useListTable();
  const noticias = listarNoticiasAdm.useQuery({});
  const clientes = listarClientes.useQuery({});
  const excluir = excluirNoticia.useMutation({ invalidates: [listarNoticiasAdm.endpoint] });
  const salvar = salvarNoticia.useMutation({ invalidates: [listarNoticiasAdm.endpoint] });
  const dialog = useRegisterDialog<NoticiaAdm>();
  const rows: Row[] = (noticias.data ?? []).map((n) => ({
    ...n,
    publicacao: formatDate(n.dataPublicacao),
    destino: n.cliente?.nome ?? 'Todos os clientes',
  }));
  const targets: SelectOption<number>[] = (clientes.data ?? []).map((c) => ({ label: c.nome, value: c.id }));
  const emptyForm: NoticiaForm = {
    id: null,
    titulo: '',
    conteudo: '',
    dataPublicacao: hojeNaEmpresa(),
    idCliente: null,
  };

  return (
    <RegisterPage<Row>
      title="Notícias"
      entity="notícia"
      dataKey="id"
      columns={COLUMNS}
      source={{
        paging: 'client',
        query: { ...noticias, data: noticias.data ? rows : undefined },
        filterFields: ['titulo', 'publicacao', 'destino'],
      }}
      table={table}
      filterPlaceholder="Filtrar por título, data ou cliente"
      emptyMessage="Nenhuma notícia publicada."
      filteredEmptyMessage="Nenhuma notícia encontrada para o filtro informado."
      rowLabel={(n) => n.titulo}
      codes={{ create: SUPER_ADMIN_CODE, edit: SUPER_ADMIN_CODE, remove: SUPER_ADMIN_CODE }}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(n) => excluir.mutate({ noticia: { id: n.id } })}
    >
      <FormDialog
        schema={provedorApi.noticiaForm}
        visible={dialog.visible}
        header={dialog.row ? 'Editar Notícia' : 'Nova Notícia'}
        values={dialog.row ? fromNoticia(dialog.row) : emptyForm}
        pending={salvar.isPending}
        onHide={dialog.close}
        width="44rem"
        onSubmit={(noticia) => salvar.mutate({ noticia }, { onSuccess: dialog.close })}
      >
        {({ control }) => (
          <>
            <TextControl
              control={control}
              name="titulo"
              id="noticia-titulo"
              label="Título"
              maxLength={LIMITS.noticiaTitulo}
              autoFocus
            />
            <DateControl control={control} name="dataPublicacao" id="noticia-data" label="Data de publicação" />
            <SelectControl
              control={control}
              name="idCliente"
              id="noticia-cliente"
              label="Para"
              options={targets}
              placeholder="Todos os clientes"
              showClear
            />
            <Field
              control={control}
              name="conteudo"
              id="noticia-conteudo"
              label="Conteúdo"
              render={(field, state, a11y) => (
                <InputTextarea
                  id="noticia-conteudo"
                  ref={field.ref}
                  name={field.name}
                  value={text(field.value)}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  rows={8}
                  maxLength={LIMITS.noticiaConteudo}
                  invalid={state.invalid}
                  {...a11y}
                />
              )}
            />
            <p className="form-note">
              Marcação: @p … @ep para um parágrafo, @b … @eb para negrito. Ex.: @pNova versão @bdisponível@eb.@ep
            </p>
          </>
        )}
      </FormDialog>
    </RegisterPage>
  );
}
