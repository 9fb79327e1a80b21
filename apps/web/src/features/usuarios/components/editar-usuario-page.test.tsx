import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, usuarioApi, type ResponseOf } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';
import { diffIds } from './editar-usuario-page';

const MATRIZ = { id: 1, numero: '11222333000181', razaoSocial: 'Demo Matriz' };
const CAMPINAS = { id: 2, numero: '11222333000262', razaoSocial: 'Demo Campinas' };
const SANTOS = { id: 3, numero: '11222333000343', razaoSocial: 'Demo Santos' };
const cc = (id: number, idCnpj: number, codigo: string, nome: string, tipo: number) => ({
  id,
  codigo,
  nome,
  tipo,
  idCnpj,
  centroCustoPaiId: null,
});
const PRODUCAO = cc(10, 1, '10', 'Produção', 1);
const SOLDA = cc(11, 1, '11', 'Solda', 2);
const VENDAS = cc(20, 2, '20', 'Vendas', 1);

const dados = (): ResponseOf<typeof usuarioApi.buscarEditarUsuario> => ({
  usuario: {
    id: 7,
    nome: 'Carla Souza',
    nomeLogin: 'carla@empresa.com.br',
    email: 'carla@empresa.com.br',
    perfil: { id: 2, nome: 'Operador' },
    dataUltimoAcesso: null,
    dataCadastro: '2026-01-10T12:00:00.000Z',
  },
  cnpjs: [MATRIZ, CAMPINAS, SANTOS],
  cnpjsUsuario: [MATRIZ, CAMPINAS],
  centrosCustosUsuario: [VENDAS],
  perfis: [
    { id: 1, nome: 'Administrador' },
    { id: 2, nome: 'Operador' },
  ],
  perfil: { id: 2, nome: 'Operador' },
  centrosCustos: [PRODUCAO, SOLDA, VENDAS],
});

function editApi() {
  const api = stubApi();
  api.on(usuarioApi.buscarEditarUsuario, dados());
  api.on(usuarioApi.alterarUsuario, { mensagem: MSG.usuarioAlterado });
  return api;
}

const CODES = [PERM.USUARIOS_VER, PERM.USUARIOS_EDITAR];
const lists = () => screen.getAllByRole('listbox');
const items = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((o) => o.textContent);

async function move(user: UserEvent, from: HTMLElement, text: string, button: string) {
  await user.click(within(from).getByText(text));
  await user.click(screen.getByRole('button', { name: button }));
}

describe('Editar Usuário (seed 000 §2.6)', () => {
  it('opens on Dados with the user, the profiles, and Cancelar back to the list', async () => {
    editApi();
    const user = userEvent.setup();
    const { location } = renderApp('/sistema/usuarios/7/editar', makeSession(CODES));
    expect(await screen.findByRole('heading', { name: 'Editar Usuário', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Nome')).toHaveValue('Carla Souza');
    expect(screen.getByLabelText('E-mail')).toHaveValue('carla@empresa.com.br');
    expect(screen.getByLabelText('Perfil').closest('.p-dropdown')).toHaveTextContent('Operador');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dados', 'Empresas', 'Centros de Custos']);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location().pathname).toBe('/sistema/usuarios'));
  });

  it('a support session reads the user but is offered no Salvar (the server refuses it, decision 0064)', async () => {
    editApi();
    renderApp('/sistema/usuarios/7/editar', makeSession(CODES, { suporte: true }));
    expect(await screen.findByLabelText('Nome')).toHaveValue('Carla Souza');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it("empty name or e-mail: 'Informe nome e e-mail' and nothing is sent", async () => {
    const api = editApi();
    const user = userEvent.setup();
    renderApp('/sistema/usuarios/7/editar', makeSession(CODES));
    await user.clear(await screen.findByLabelText('Nome'));
    await user.click(screen.getByRole('tab', { name: 'Empresas' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Back on Dados, where the message is.
    expect(await screen.findByText(MSG.informeNomeEEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toBeInTheDocument();
    expect(api.callsTo(usuarioApi.alterarUsuario)).toHaveLength(0);
  });

  it('Empresas: available and assigned lists; the save sends only what changed', async () => {
    const api = editApi();
    const user = userEvent.setup();
    renderApp('/sistema/usuarios/7/editar', makeSession(CODES));
    await screen.findByLabelText('Nome');
    await user.click(screen.getByRole('tab', { name: 'Empresas' }));
    const [disponiveis, atribuidas] = lists();
    expect(items(disponiveis!)).toEqual(['Demo Santos - 11.222.333/0003-43']);
    expect(items(atribuidas!)).toEqual(['Demo Matriz - 11.222.333/0001-81', 'Demo Campinas - 11.222.333/0002-62']);
    await move(user, disponiveis!, 'Demo Santos - 11.222.333/0003-43', 'Mover para a direita');
    await move(user, lists()[1]!, 'Demo Matriz - 11.222.333/0001-81', 'Mover para a esquerda');
    expect(items(lists()[1]!)).toEqual(['Demo Campinas - 11.222.333/0002-62', 'Demo Santos - 11.222.333/0003-43']);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(usuarioApi.alterarUsuario)).toHaveLength(1));
    const { usuarioRequisicao: _r, ...body } = api.callsTo(usuarioApi.alterarUsuario)[0]!.body as Record<
      string,
      unknown
    >;
    expect(body).toEqual({
      usuario: { id: 7, nome: 'Carla Souza', email: 'carla@empresa.com.br' },
      perfil: { id: 2 },
      idsCnpjs: [3],
      idsCnpjsExcluir: [1],
      idsCentrosCustos: [],
      idsCentrosCustosExcluir: [],
    });
    expect(await screen.findByText(MSG.usuarioAlterado)).toBeInTheDocument();
  });

  it("Centros de Custos: company dropdown, 'codigo - nome (tipo)' lists, per company", async () => {
    const api = editApi();
    const user = userEvent.setup();
    renderApp('/sistema/usuarios/7/editar', makeSession(CODES));
    await screen.findByLabelText('Nome');
    await user.click(screen.getByRole('tab', { name: 'Centros de Custos' }));
    // The first company of the user: Matriz, with nothing assigned (= all of it).
    expect(screen.getByLabelText('Empresa').closest('.p-dropdown')).toHaveTextContent('Demo Matriz');
    expect(items(lists()[0]!)).toEqual(['10 - Produção (Departamento)', '11 - Solda (Setor)']);
    expect(items(lists()[1]!)).toEqual([]);
    await move(user, lists()[0]!, '11 - Solda (Setor)', 'Mover para a direita');
    // Campinas keeps its own assignment.
    await user.click(screen.getByLabelText('Empresa').closest('.p-dropdown')!);
    await user.click(await screen.findByText('Demo Campinas - 11.222.333/0002-62', { selector: 'li, li *' }));
    expect(items(lists()[1]!)).toEqual(['20 - Vendas (Departamento)']);
    await move(user, lists()[1]!, '20 - Vendas (Departamento)', 'Mover para a esquerda');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(usuarioApi.alterarUsuario)).toHaveLength(1));
    expect(api.callsTo(usuarioApi.alterarUsuario)[0]!.body).toMatchObject({
      idsCnpjs: [],
      idsCnpjsExcluir: [],
      idsCentrosCustos: [11],
      idsCentrosCustosExcluir: [20],
    });
  });

  it('taking a company away takes its cost centres out of the save (and the tab says to assign one)', async () => {
    const api = editApi();
    const user = userEvent.setup();
    renderApp('/sistema/usuarios/7/editar', makeSession(CODES));
    await screen.findByLabelText('Nome');
    await user.click(screen.getByRole('tab', { name: 'Empresas' }));
    expect(screen.queryByText(MSG.usuarioSemEmpresasAtribuidas)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mover todos para a esquerda' }));
    // Without companies the user sees nothing, and the tab says so (issue 24 §7).
    expect(screen.getByText(MSG.usuarioSemEmpresasAtribuidas)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Centros de Custos' }));
    expect(screen.getByText(/Atribua ao usuário uma empresa/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(usuarioApi.alterarUsuario)).toHaveLength(1));
    expect(api.callsTo(usuarioApi.alterarUsuario)[0]!.body).toMatchObject({
      idsCnpjs: [],
      idsCnpjsExcluir: [1, 2],
      idsCentrosCustos: [],
      idsCentrosCustosExcluir: [20],
    });
  });

  it('a refused save shows the server message and keeps the edits', async () => {
    const api = editApi();
    api.on(usuarioApi.alterarUsuario, reply(400, { mensagem: MSG.ultimoAdministrador }));
    const user = userEvent.setup();
    renderApp('/sistema/usuarios/7/editar', makeSession(CODES));
    const nome = await screen.findByLabelText('Nome');
    await user.type(nome, ' Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.ultimoAdministrador)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Carla Souza Lima');
  });

  it('diffIds: what was added and what was taken away', () => {
    expect(diffIds([1, 2, 3], [2, 3, 4, 5])).toEqual({ incluir: [4, 5], excluir: [1] });
    expect(diffIds([], [])).toEqual({ incluir: [], excluir: [] });
  });
});
