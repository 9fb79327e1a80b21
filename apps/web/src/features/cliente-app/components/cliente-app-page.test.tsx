import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIENTE_APP_MSG as M, PERM, clienteAppApi, type CnpjOpcao, type UsuarioApp } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const PATH = '/cadastros/dispositivos-coletas/cliente-app';
const TUDO = [PERM.CLIENTE_APP_VER, PERM.CLIENTE_APP_SALVAR, PERM.CLIENTE_APP_EXCLUIR];

const cnpjs: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Matriz',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Matriz',
  },
];

const usuario = (over: Partial<UsuarioApp>): UsuarioApp => ({
  id: 1,
  clienteApp: 'Usuário Desktop',
  nome: 'Coletor 00004000700000010',
  detalhes: '00004000700000010',
  login: 'coletor-abcd2345',
  dataUltimoRefresh: null,
  tipo: 'desktop',
  ehAdmin: false,
  idCnpj: 1,
  ...over,
});

function servidor() {
  const api = stubApi();
  api.on(clienteAppApi.listarCnpjsApp, cnpjs);
  api.on(clienteAppApi.listarUsuariosApp, (b) =>
    b.dispositivo === 'desktop'
      ? [usuario({})]
      : [usuario({ id: 2, clienteApp: 'Usuário Mobile', nome: 'Ana Souza', login: 'app-xyzw2345', tipo: 'celular' })],
  );
  return api;
}

describe('Cliente App (seed 001 §2.9)', () => {
  it('lista por tipo de dispositivo com as colunas do seed', async () => {
    const api = servidor();
    const user = userEvent.setup();
    renderApp(PATH, makeSession(TUDO));
    const tabela = await screen.findByRole('table');
    for (const h of ['Descrição', 'Detalhes', 'Nome', 'Login', 'Último Acesso'])
      expect(within(tabela).getByRole('columnheader', { name: new RegExp(h) })).toBeInTheDocument();
    expect(await within(tabela).findByText('coletor-abcd2345')).toBeInTheDocument();
    expect(within(tabela).getByText('Nunca')).toBeInTheDocument();
    await choose(user, 'Dispositivo', 'Celular');
    expect(await within(tabela).findByText('app-xyzw2345')).toBeInTheDocument();
    expect(api.callsTo(clienteAppApi.listarUsuariosApp).map((c) => c.body)).toEqual([
      expect.objectContaining({ dispositivo: 'desktop' }),
      expect.objectContaining({ dispositivo: 'celular' }),
    ]);
  });

  it('Novo → Usuário Desktop: empresa e séries; a senha aparece uma única vez no diálogo de sucesso', async () => {
    const api = servidor();
    api.on(clienteAppApi.criarUsuarioDesktop, {
      login: 'coletor-new23456',
      senha: 'ABCDEFGH2345',
      codigoAlterarSenha: null,
      tipo: 'desktop',
    });
    const user = userEvent.setup();
    renderApp(PATH, makeSession(TUDO));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Escolher o tipo de usuário' }));
    await user.click(await screen.findByText('Usuário Desktop', { selector: '.p-menuitem-text' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Novo Usuário Desktop' });
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.informeSeries)).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText(/Números de série/), '00004000700000010');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    const sucesso = await screen.findByRole('dialog', { name: 'Usuário do app' });
    expect(within(sucesso).getByText('coletor-new23456')).toBeInTheDocument();
    expect(within(sucesso).getByText('ABCDEFGH2345')).toBeInTheDocument();
    expect(within(sucesso).getByText(M.criado)).toBeInTheDocument();
    expect(api.callsTo(clienteAppApi.criarUsuarioDesktop)[0]!.body).toMatchObject({
      idCnpj: 1,
      detalhes: '00004000700000010',
    });
    await user.click(within(sucesso).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('ABCDEFGH2345')).not.toBeInTheDocument());
  });

  it('Novo → Usuário Mobile: crachá obrigatório, Admin; o código aparece; a recusa do servidor fica no diálogo', async () => {
    const api = servidor();
    api.on(clienteAppApi.criarUsuarioMobile, reply(400, { mensagem: M.funcionarioNaoEncontrado('77') }));
    const user = userEvent.setup();
    renderApp(PATH, makeSession(TUDO));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Escolher o tipo de usuário' }));
    await user.click(await screen.findByText('Usuário Mobile', { selector: '.p-menuitem-text' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Novo Usuário Mobile' });
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.informeCracha)).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText('Crachá do funcionário'), '77');
    await user.type(within(dialogo).getByLabelText('Detalhes'), 'Celular da Ana');
    await user.click(within(dialogo).getByLabelText('Admin'));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.funcionarioNaoEncontrado('77'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Novo Usuário Mobile' })).toBeInTheDocument();
    api.on(clienteAppApi.criarUsuarioMobile, {
      login: 'app-new23456',
      senha: null,
      codigoAlterarSenha: 'K7M2Q9TX',
      tipo: 'celular',
    });
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    const sucesso = await screen.findByRole('dialog', { name: 'Usuário do app' });
    expect(within(sucesso).getByText('K7M2Q9TX')).toBeInTheDocument();
    expect(within(sucesso).getByText('Código para cadastrar a senha')).toBeInTheDocument();
    expect(api.callsTo(clienteAppApi.criarUsuarioMobile).at(-1)!.body).toMatchObject({
      idCnpj: 1,
      cracha: '77',
      detalhes: 'Celular da Ana',
      ehAdmin: true,
    });
  });

  it('Alterar Senha pergunta e mostra a nova senha; sem 143 e 144 não há Novo, lápis nem lixeira', async () => {
    const api = servidor();
    api.on(clienteAppApi.gerarSenhaCodigo, {
      login: 'coletor-abcd2345',
      senha: 'NOVASENHA234',
      codigoAlterarSenha: null,
      tipo: 'desktop',
    });
    const user = userEvent.setup();
    const { unmount } = renderApp(PATH, makeSession(TUDO));
    const tabela = await screen.findByRole('table');
    await user.click(await within(tabela).findByRole('button', { name: /Editar coletor-abcd2345/ }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    const sucesso = await screen.findByRole('dialog', { name: 'Usuário do app' });
    expect(within(sucesso).getByText('NOVASENHA234')).toBeInTheDocument();
    expect(within(sucesso).getByText(M.novaSenha)).toBeInTheDocument();
    expect(api.callsTo(clienteAppApi.gerarSenhaCodigo)[0]!.body).toMatchObject({ usuario: { id: 1 } });
    unmount();
    servidor();
    renderApp(PATH, makeSession([PERM.CLIENTE_APP_VER]));
    const soVer = await screen.findByRole('table');
    expect(await within(soVer).findByText('coletor-abcd2345')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Novo/ })).not.toBeInTheDocument();
    expect(within(soVer).queryByRole('button', { name: /Editar|Excluir/ })).not.toBeInTheDocument();
  });
});
