import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PAGINATOR, PERM, type Usuario } from '@jornada/contracts';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { formatDateTime } from '../../../shared/format';
import { usePodeChamar } from '../../../shared/session';
import { alterarUsuario, excluirUsuario, listarUsuarios, salvarUsuario } from '../api/usuarios-api';
import { SalvarUsuarioDialog } from './salvar-usuario-dialog';
import '../usuarios.css';

/** A user as the table shows it: the profile's name flat, so it filters and sorts like the other columns. */
export type UsuarioLinha = Omit<Usuario, 'perfil'> & { perfilNome: string };

/** A long address may wrap before its '@' (not in the middle of a word), so the row buttons stay in the card. */
function Address({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at <= 0) return <span className="text-break">{value}</span>;
  return (
    <span className="text-break">
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </span>
  );
}

const COLUMNS: readonly RegisterColumn<UsuarioLinha>[] = [
  { field: 'nome', header: 'Nome', sortable: true },
  { field: 'nomeLogin', header: 'Login', sortable: true, body: (u) => <Address value={u.nomeLogin} /> },
  { field: 'email', header: 'E-mail', sortable: true, body: (u) => <Address value={u.email} /> },
  { field: 'perfilNome', header: 'Perfil', sortable: true },
  {
    field: 'dataUltimoAcesso',
    header: 'Último acesso',
    sortable: true,
    body: (u) => <span className="nowrap">{formatDateTime(u.dataUltimoAcesso)}</span>,
  },
  {
    field: 'dataCadastro',
    header: 'Cadastro',
    sortable: true,
    body: (u) => <span className="nowrap">{formatDateTime(u.dataCadastro)}</span>,
  },
];

/**
 * Usuários (seed 000 §2.6): search, table, paginator 10 (10/15/20), Novo (3),
 * edit (4) opening Editar Usuário, delete (5) after 'Excluir usuário {nome}?'.
 * A support session holds the codes but the server refuses it every user
 * write (decision 0064): it sees none of the three (issue 24 §11).
 */
export function UsuariosPage() {
  const navigate = useNavigate();
  const table = useListTable(PAGINATOR.usuarios);
  const usuarios = listarUsuarios.useQuery({});
  const excluir = excluirUsuario.useMutation({ invalidates: [listarUsuarios.endpoint] });
  const dialog = useRegisterDialog<UsuarioLinha>();
  const podeNovo = usePodeChamar(salvarUsuario.endpoint);
  const podeEditar = usePodeChamar(alterarUsuario.endpoint);
  const podeExcluir = usePodeChamar(excluirUsuario.endpoint);
  const linhas = useMemo(
    () => usuarios.data?.map(({ perfil, ...u }): UsuarioLinha => ({ ...u, perfilNome: perfil.nome })),
    [usuarios.data],
  );

  return (
    <RegisterPage<UsuarioLinha>
      title="Usuários"
      entity="usuário"
      dataKey="id"
      columns={COLUMNS}
      source={{
        paging: 'client',
        query: { ...usuarios, data: linhas },
        filterFields: ['nome', 'nomeLogin', 'email', 'perfilNome'],
      }}
      table={table}
      filterPlaceholder="Pesquisar por nome, login, e-mail ou perfil"
      emptyMessage="Nenhum usuário cadastrado."
      filteredEmptyMessage="Nenhum usuário encontrado para a pesquisa informada."
      rowLabel={(u) => u.nome}
      deleteMessage={(u) => `Excluir usuário ${u.nome}?`}
      codes={{
        create: podeNovo ? PERM.USUARIOS_NOVO : undefined,
        edit: podeEditar ? PERM.USUARIOS_EDITAR : undefined,
        remove: podeExcluir ? PERM.USUARIOS_EXCLUIR : undefined,
      }}
      onCreate={dialog.openNew}
      onEdit={(u) => void navigate(`/sistema/usuarios/${u.id}/editar`)}
      onDelete={(u) => excluir.mutate({ usuario: { id: u.id, nome: u.nome } })}
    >
      <SalvarUsuarioDialog visible={dialog.visible} onHide={dialog.close} />
    </RegisterPage>
  );
}
