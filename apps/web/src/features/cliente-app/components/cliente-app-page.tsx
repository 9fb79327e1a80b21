import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { SplitButton } from 'primereact/splitbutton';
import {
  CLIENTE_APP_MSG as M,
  PAGINATOR,
  PERM,
  TIPOS_DISPOSITIVO_APP,
  type CredencialApp,
  type TipoDispositivoApp,
  type UsuarioApp,
} from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { useListTable } from '../../../components/ui/list-table';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { formatDateTime } from '../../../shared/format';
import { empresaInicial, useHeldCodes } from '../../../shared/session';
import { toastError } from '../../../shared/toast';
import { excluirUsuarioApp, gerarSenhaCodigo, listarCnpjsApp, listarUsuariosApp } from '../api/cliente-app-api';
import { CredencialDialog } from './credencial-dialog';
import { NovoUsuarioAppDialog } from './novo-usuario-app-dialog';
import '../cliente-app.css';

const COLUMNS: readonly RegisterColumn<UsuarioApp>[] = [
  { field: 'clienteApp', header: 'Descrição', sortable: true },
  { field: 'detalhes', header: 'Detalhes', sortable: true },
  { field: 'nome', header: 'Nome', sortable: true },
  { field: 'login', header: 'Login', sortable: true },
  {
    field: 'dataUltimoRefresh',
    header: 'Último Acesso',
    sortable: true,
    body: (u) => formatDateTime(u.dataUltimoRefresh) || 'Nunca',
  },
];

/**
 * Cliente App (seed 001 §2.9; issue 25 §1; codes 142–144): the app users of
 * one device type; Novo (split: Usuário Desktop, Usuário Mobile); the pencil
 * is 'Alterar Senha' (a new password, or a new code for a mobile user, shown
 * once); the bin deletes.
 */
export function ClienteAppPage() {
  const held = useHeldCodes();
  const table = useListTable(PAGINATOR.clienteApp);
  const [tipo, setTipo] = useState<TipoDispositivoApp>('desktop');
  const [novo, setNovo] = useState<TipoDispositivoApp | null>(null);
  const [credencial, setCredencial] = useState<{ c: CredencialApp; mensagem: string } | null>(null);
  const usuarios = listarUsuariosApp.useQuery({ dispositivo: tipo });
  const cnpjs = listarCnpjsApp.useQuery({});
  const excluir = excluirUsuarioApp.useMutation({ invalidates: [listarUsuariosApp.endpoint] });
  const alterar = gerarSenhaCodigo.useMutation({ toast: false });

  const alterarSenha = (u: UsuarioApp) =>
    confirmAction({
      header: 'Alterar Senha',
      message:
        u.tipo === 'desktop'
          ? `Gerar uma nova senha para ${u.login}? A senha atual deixa de valer.`
          : `Gerar um novo código para ${u.nome} cadastrar a senha? A senha atual deixa de valer.`,
      onAccept: () =>
        alterar.mutate(
          { usuario: { id: u.id } },
          {
            onSuccess: (c) => setCredencial({ c, mensagem: c.senha ? M.novaSenha : M.novoCodigo }),
            onError: (e) => toastError(e.mensagem),
          },
        ),
    });

  const podeCriar = held.has(PERM.CLIENTE_APP_SALVAR);
  return (
    <RegisterPage<UsuarioApp>
      title="Cliente App"
      entity="usuário do app"
      dataKey="id"
      columns={COLUMNS}
      source={{ paging: 'client', query: usuarios, filterFields: ['clienteApp', 'detalhes', 'nome', 'login'] }}
      table={table}
      filterPlaceholder="Filtrar por descrição, detalhes, nome ou login"
      emptyMessage={`Nenhum usuário ${tipo === 'desktop' ? 'desktop' : 'mobile'} cadastrado.`}
      filteredEmptyMessage="Nenhum usuário do app encontrado para o filtro informado."
      rowLabel={(u) => u.login}
      deleteMessage={(u) => `Excluir o usuário do app ${u.login} (${u.nome})?`}
      codes={{ edit: PERM.CLIENTE_APP_SALVAR, remove: PERM.CLIENTE_APP_EXCLUIR }}
      onEdit={alterarSenha}
      onDelete={(u) => excluir.mutate({ usuario: { id: u.id } })}
      actions={
        podeCriar ? (
          <SplitButton
            label="Novo"
            icon="pi pi-plus"
            onClick={() => setNovo(tipo)}
            model={[
              { label: 'Usuário Desktop', icon: 'pi pi-desktop', command: () => setNovo('desktop') },
              { label: 'Usuário Mobile', icon: 'pi pi-mobile', command: () => setNovo('celular') },
            ]}
            buttonProps={{ 'aria-label': `Novo: Usuário ${tipo === 'desktop' ? 'Desktop' : 'Mobile'}` }}
            menuButtonProps={{ 'aria-label': 'Escolher o tipo de usuário' }}
          />
        ) : null
      }
      toolbar={
        <div className="form-field cliente-app-tipo">
          <label htmlFor="cliente-app-dispositivo">Dispositivo</label>
          <Dropdown
            inputId="cliente-app-dispositivo"
            value={tipo}
            options={TIPOS_DISPOSITIVO_APP.map((t) => ({ value: t.valor, label: t.rotulo }))}
            onChange={(e) => setTipo(e.value as TipoDispositivoApp)}
          />
        </div>
      }
    >
      {novo ? (
        <NovoUsuarioAppDialog
          tipo={novo}
          idCnpjInicial={empresaInicial(cnpjs.data)}
          onHide={() => setNovo(null)}
          onCriado={(c) => {
            setNovo(null);
            // The list shows the kind just created.
            setTipo(c.tipo);
            setCredencial({ c, mensagem: M.criado });
          }}
        />
      ) : null}
      <CredencialDialog
        credencial={credencial?.c ?? null}
        mensagem={credencial?.mensagem ?? ''}
        onHide={() => setCredencial(null)}
      />
    </RegisterPage>
  );
}
