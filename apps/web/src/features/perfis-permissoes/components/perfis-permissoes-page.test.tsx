import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, perfilPermissaoApi, type MenuPerfil, type PerfilComPermissoes } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const perm = (id: number, nome: string, principal = false) => ({ id, nome, principal, selecionado: false });
const MENUS: MenuPerfil[] = [
  {
    id: 'cadastros',
    nome: 'Cadastros',
    permissoes: [perm(49, 'Cadastros', true)],
    menuFilhos: [
      {
        id: 'cargos',
        nome: 'Cargos',
        permissoes: [
          perm(19, 'Cargos', true),
          perm(20, 'Novo cargo'),
          perm(21, 'Editar cargo'),
          perm(22, 'Excluir cargo'),
        ],
        menuFilhos: [],
      },
      {
        id: 'feriados',
        nome: 'Feriados',
        permissoes: [perm(33, 'Feriados', true), perm(34, 'Novo feriado')],
        menuFilhos: [],
      },
    ],
  },
  { id: 'sistema', nome: 'Sistema', permissoes: [], menuFilhos: [] },
];
const ALL_CODES = [49, 19, 20, 21, 22, 33, 34];
const ADM: PerfilComPermissoes = { id: 1, nome: 'Administrador', protegido: true, permissoes: ALL_CODES };
const OPERADOR: PerfilComPermissoes = { id: 2, nome: 'Operador', protegido: false, permissoes: [49, 19, 20] };
const TODOS = [PERM.PERFIS_VER, PERM.PERFIS_NOVO, PERM.PERFIS_EDITAR, PERM.MEUS_DADOS];

function perfisApi() {
  let perfis = [ADM, OPERADOR];
  const api = stubApi();
  api.on(perfilPermissaoApi.listarMenuPerfis, () => ({ menus: MENUS, perfis }));
  api.on(perfilPermissaoApi.salvarPerfil, (body) => {
    if (body.perfil.id === null || body.perfil.id === undefined) {
      perfis = [...perfis, { id: 50, nome: body.perfil.nome!, protegido: false, permissoes: body.permissoes }];
      return { mensagem: MSG.perfilSalvo };
    }
    perfis = perfis.map((p) => (p.id === body.perfil.id ? { ...p, permissoes: body.permissoes } : p));
    return { mensagem: MSG.perfilAlterado };
  });
  api.on(perfilPermissaoApi.excluirPerfil, (body) => {
    perfis = perfis.filter((p) => p.id !== body.perfil.id);
    return { mensagem: MSG.perfilExcluido };
  });
  return api;
}

const box = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const perfilDropdown = () => screen.getByLabelText('Perfil').closest('.p-dropdown')!;

async function choose(user: UserEvent, perfil: string) {
  await user.click(perfilDropdown());
  // The overlay's items are found by text: PrimeReact's panel is still fading in for the role query.
  await user.click(await screen.findByText(perfil, { selector: '.p-dropdown-item, .p-dropdown-item *' }));
}
async function openItem(user: UserEvent, item: string) {
  // Waits for the item: the tree's nodes may render a tick after the tree itself (a busy machine showed it).
  const node = await screen.findByRole('treeitem', { name: item });
  await user.click(node.querySelector('.p-treenode-content')!);
  expect(await screen.findByText(`Permissões de ${item}`)).toBeInTheDocument();
}
const checked = (names: string[]) => names.filter((n) => (box(n) as HTMLInputElement).checked);

describe('Perfis e Permissões (seed 000 §2.6, §4)', () => {
  it('opens on the first profile; the Administrador is read-only and cannot be deleted', async () => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    expect(await screen.findByRole('heading', { name: 'Perfis e Permissões', level: 1 })).toBeInTheDocument();
    await screen.findByRole('tree');
    expect(perfilDropdown()).toHaveTextContent('Administrador');
    expect(screen.getByText(/mantém todas as permissões/)).toBeInTheDocument();
    expect(box('Todas as permissões')).toBeChecked();
    expect(box('Todas as permissões')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await openItem(user, 'Cargos');
    expect(box('Cargos')).toBeDisabled();
  });

  it('a support session (every code, profile writes refused by the server, decision 0064): no Novo, Excluir nor Salvar; the boxes read-only', async () => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS, { suporte: true }));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    await openItem(user, 'Cargos');
    expect(box('Cargos')).toBeDisabled();
    expect(box('Todas as permissões')).toBeDisabled();
    for (const name of ['Novo', 'Excluir', 'Salvar']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // Detalhes only reads the profile on screen.
    expect(screen.getByRole('button', { name: 'Detalhes' })).toBeEnabled();
  });

  it('lists the leaf item’s permissions with the main one in bold; an item without its own says so', async () => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    await openItem(user, 'Cargos');
    expect(screen.getByText('Cargos', { selector: 'label' })).toHaveClass('permissao-principal');
    expect(screen.getByText('Novo cargo', { selector: 'label' })).not.toHaveClass('permissao-principal');
    expect(checked(['Cargos', 'Novo cargo', 'Editar cargo', 'Excluir cargo'])).toEqual(['Cargos', 'Novo cargo']);
    await openItem(user, 'Sistema');
    expect(screen.getByText(/não tem permissões próprias/)).toBeInTheDocument();
  });

  it('ticks by the rules: main off → all off; another on → main on; last other off → main off', async () => {
    const api = perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    await openItem(user, 'Cargos');
    const names = ['Cargos', 'Novo cargo', 'Editar cargo', 'Excluir cargo'];
    await user.click(box('Cargos'));
    expect(checked(names)).toEqual([]);
    await user.click(box('Editar cargo'));
    expect(checked(names)).toEqual(['Cargos', 'Editar cargo']);
    await user.click(box('Excluir cargo'));
    await user.click(box('Editar cargo'));
    expect(checked(names)).toEqual(['Cargos', 'Excluir cargo']);
    await user.click(box('Excluir cargo'));
    expect(checked(names)).toEqual([]);
    // The main one alone is a view-only grant.
    await user.click(box('Cargos'));
    expect(checked(names)).toEqual(['Cargos']);
    // The tree counts what is ticked per item.
    expect(
      within(screen.getByRole('treeitem', { name: 'Cargos' })).getByLabelText('1 de 4 marcadas'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(perfilPermissaoApi.salvarPerfil)).toHaveLength(1));
    expect(api.callsTo(perfilPermissaoApi.salvarPerfil)[0]!.body).toMatchObject({
      perfil: { id: 2, nome: 'Operador' },
      permissoes: [19, 49],
    });
    expect(await screen.findByText(MSG.perfilAlterado)).toBeInTheDocument();
  });

  it('the all-permissions box ticks and unticks everything, and follows the single boxes', async () => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    expect(box('Todas as permissões')).not.toBeChecked();
    await user.click(box('Todas as permissões'));
    await openItem(user, 'Feriados');
    expect(checked(['Feriados', 'Novo feriado'])).toEqual(['Feriados', 'Novo feriado']);
    expect(box('Todas as permissões')).toBeChecked();
    await user.click(box('Novo feriado'));
    expect(box('Todas as permissões')).not.toBeChecked();
    await user.click(box('Novo feriado'));
    expect(box('Todas as permissões')).toBeChecked();
    await user.click(box('Todas as permissões'));
    expect(checked(['Feriados', 'Novo feriado'])).toEqual([]);
  });

  it('searches the menu tree', async () => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await user.type(screen.getByPlaceholderText('Pesquisar no menu'), 'feria');
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: 'Cargos' })).not.toBeInTheDocument());
    expect(screen.getByRole('treeitem', { name: 'Feriados' })).toBeInTheDocument();
  });

  it("'Novo Perfil': 'Informe o nome'; a local profile with a negative id, sent as null; reloaded and selected", async () => {
    const api = perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Novo Perfil')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nome'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(MSG.informeNome)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'operador');
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Operador');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(MSG.perfilNomeEmUso)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), '  Auditoria ');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(perfilDropdown()).toHaveTextContent('Auditoria (não salvo)');
    expect(box('Todas as permissões')).not.toBeChecked();
    await openItem(user, 'Feriados');
    await user.click(box('Novo feriado'));
    // Nothing was sent before Salvar.
    expect(api.callsTo(perfilPermissaoApi.salvarPerfil)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(perfilPermissaoApi.salvarPerfil)).toHaveLength(1));
    expect(api.callsTo(perfilPermissaoApi.salvarPerfil)[0]!.body).toMatchObject({
      perfil: { id: null, nome: 'Auditoria' },
      permissoes: [33, 34],
    });
    expect(await screen.findByText(MSG.perfilSalvo)).toBeInTheDocument();
    // The reloaded list holds the saved profile, and it stays chosen.
    await waitFor(() => expect(perfilDropdown()).not.toHaveTextContent('não salvo'));
    expect(perfilDropdown()).toHaveTextContent('Auditoria');
    expect(api.callsTo(perfilPermissaoApi.listarMenuPerfis).length).toBeGreaterThanOrEqual(2);
  });

  it("'Detalhes do Perfil' lists the profile’s permissions and searches them", async () => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    await user.click(screen.getByRole('button', { name: 'Detalhes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Detalhes do Perfil')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Permissões do perfil' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Pesquisar permissão' }), 'novo');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText(/Novo cargo/)).toBeInTheDocument();
  });

  it("asks 'Excluir perfil X?' (Não/Sim) and deletes on Sim", async () => {
    const api = perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Excluir perfil Operador?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText('Excluir perfil Operador?')).not.toBeInTheDocument());
    expect(api.callsTo(perfilPermissaoApi.excluirPerfil)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.callsTo(perfilPermissaoApi.excluirPerfil)).toHaveLength(1));
    expect(api.callsTo(perfilPermissaoApi.excluirPerfil)[0]!.body).toMatchObject({ perfil: { id: 2 } });
    expect(await screen.findByText(MSG.perfilExcluido)).toBeInTheDocument();
    await waitFor(() => expect(perfilDropdown()).toHaveTextContent('Administrador'));
  });

  it('a profile in use: the server message shows as a Mensagem toast', async () => {
    const api = perfisApi();
    api.on(perfilPermissaoApi.excluirPerfil, reply(400, { mensagem: MSG.perfilEmUso(3) }));
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(TODOS));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.perfilEmUso(3))).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloMensagem)).toBeInTheDocument();
  });

  it.each([
    [[PERM.PERFIS_VER], [], false],
    [[PERM.PERFIS_VER, PERM.PERFIS_NOVO], ['Novo', 'Salvar'], false],
    [[PERM.PERFIS_VER, PERM.PERFIS_EDITAR], ['Detalhes', 'Salvar'], true],
    [[PERM.PERFIS_VER, PERM.MEUS_DADOS], ['Excluir'], false],
  ])('with codes %j shows %j (existing profile editable: %s)', async (codes, shown, editable) => {
    perfisApi();
    const user = userEvent.setup();
    renderApp('/sistema/perfis-permissoes', makeSession(codes));
    await screen.findByRole('tree');
    await choose(user, 'Operador');
    for (const name of ['Novo', 'Detalhes', 'Excluir', 'Salvar']) {
      if (shown.includes(name)) expect(screen.getByRole('button', { name })).toBeInTheDocument();
      else expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await openItem(user, 'Cargos');
    if (editable) expect(box('Editar cargo')).toBeEnabled();
    else expect(box('Editar cargo')).toBeDisabled();
  });
});
