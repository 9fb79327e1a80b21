import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, usuarioApi, type Usuario } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const ALL = [PERM.USUARIOS_VER, PERM.USUARIOS_NOVO, PERM.USUARIOS_EDITAR, PERM.USUARIOS_EXCLUIR];
const PERFIS = [
  { id: 5, nome: 'Consulta' },
  { id: 1, nome: 'Administrador' },
];

const usuarios = (n: number): Usuario[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    nome: `Usuário ${String(i + 1).padStart(2, '0')}`,
    nomeLogin: `u${i + 1}@empresa.com.br`,
    email: `u${i + 1}@empresa.com.br`,
    perfil: i % 2 === 0 ? { id: 1, nome: 'Administrador' } : { id: 5, nome: 'Consulta' },
    // Local times (the browser's zone): 07/03/2026 09:05 and 15/01/2026 18:30.
    dataUltimoAcesso: i === 0 ? new Date(2026, 2, 7, 9, 5).toISOString() : null,
    dataCadastro: new Date(2026, 0, 15, 18, 30).toISOString(),
  }));

function usuariosApi(initial: Usuario[]) {
  let rows = [...initial];
  const api = stubApi();
  api.on(usuarioApi.listarUsuarios, () => rows);
  api.on(usuarioApi.listarPerfisUsuario, PERFIS);
  api.on(usuarioApi.salvarUsuario, (body) => {
    rows = [
      ...rows,
      {
        id: 99,
        nome: body.usuario.nome,
        nomeLogin: body.usuario.email,
        email: body.usuario.email,
        perfil: PERFIS.find((p) => p.id === body.perfil.id)!,
        dataUltimoAcesso: null,
        dataCadastro: new Date().toISOString(),
      },
    ];
    return { mensagem: MSG.usuarioSalvo };
  });
  api.on(usuarioApi.excluirUsuario, (body) => {
    rows = rows.filter((r) => r.id !== body.usuario.id);
    return { mensagem: MSG.usuarioExcluido };
  });
  return api;
}

const table = () => screen.getByRole('table');
const dialog = () => screen.getByRole('dialog');

describe('Usuários (seed 000 §2.6)', () => {
  it('shows Nome, Login, E-mail, Perfil, Último acesso and Cadastro with dd/mm/yyyy hh:mm', async () => {
    usuariosApi(usuarios(2));
    renderApp('/sistema/usuarios', makeSession([PERM.USUARIOS_VER]));
    expect(await screen.findByRole('heading', { name: 'Usuários', level: 1 })).toBeInTheDocument();
    const headers = within(await screen.findByRole('table')).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Nome',
      'Login',
      'E-mail',
      'Perfil',
      'Último acesso',
      'Cadastro',
    ]);
    // The table is drawn before its rows arrive (the list call is async): wait for the row itself.
    const first = (await within(table()).findByText('Usuário 01')).closest('tr')!;
    expect(within(first).getByText('07/03/2026 09:05')).toBeInTheDocument();
    expect(within(first).getByText('15/01/2026 18:30')).toBeInTheDocument();
    expect(within(first).getByText('Administrador')).toBeInTheDocument();
  });

  it('pages by 10 with the sizes 10, 15 and 20, and searches every text column', async () => {
    usuariosApi(usuarios(23));
    const user = userEvent.setup();
    const { location } = renderApp('/sistema/usuarios', makeSession([PERM.USUARIOS_VER]));
    expect(await screen.findByText('Mostrando 1 a 10 de 23')).toBeInTheDocument();
    await user.click(document.querySelector('.p-paginator .p-dropdown')!);
    await waitFor(() => expect(document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')).toHaveLength(3));
    const options = [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')];
    expect(options.map((o) => o.textContent)).toEqual(['10', '15', '20']);
    await user.click(options[1]!);
    expect(await screen.findByText('Mostrando 1 a 15 de 23')).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('linhas')).toBe('15');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'consulta');
    // Profile 'Consulta' is on the even rows: 11 of 23.
    expect(await screen.findByText('Mostrando 1 a 11 de 11')).toBeInTheDocument();
  });

  it("'Novo Usuário': seed messages, the first profile by default, trimmed e-mail, the contract body", async () => {
    const api = usuariosApi(usuarios(1));
    const user = userEvent.setup();
    renderApp('/sistema/usuarios', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByText('Novo Usuário')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(MSG.informeNome)).toBeInTheDocument();
    expect(within(dialog()).getByText(MSG.informeOEmail)).toBeInTheDocument();
    // No profile is chosen for the operator, never the first offered (issue 24 §7): saving asks for one.
    expect(within(dialog()).getByText(MSG.selecionePerfil)).toBeInTheDocument();
    expect(shownIn('Perfil')).toBe('Selecione');
    // The dialog says what a user without companies sees.
    expect(within(dialog()).getByText(MSG.usuarioSemEmpresas)).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Nome'), ' Ana Lima ');
    await user.type(within(dialog()).getByLabelText('E-mail'), '  Ana.Lima@Empresa.com.br  ');
    await choose(user, 'Perfil', 'Consulta');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = api.callsTo(usuarioApi.salvarUsuario);
    expect(sent?.body).toMatchObject({
      usuario: { nome: 'Ana Lima', email: 'ana.lima@empresa.com.br' },
      perfil: { id: 5 },
    });
    expect(await screen.findByText(MSG.usuarioSalvo)).toBeInTheDocument();
    expect(await within(table()).findByText('Ana Lima')).toBeInTheDocument();
  });

  it('a malformed e-mail is refused in the dialog; a taken one shows the server message and keeps it open', async () => {
    const api = usuariosApi([]);
    api.on(usuarioApi.salvarUsuario, reply(409, { mensagem: MSG.emailJaCadastrado }));
    const user = userEvent.setup();
    renderApp('/sistema/usuarios', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'Bia');
    await user.type(within(dialog()).getByLabelText('E-mail'), 'bia-sem-arroba');
    await choose(user, 'Perfil', 'Administrador');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText(MSG.emailInvalido)).toBeInTheDocument();
    expect(api.callsTo(usuarioApi.salvarUsuario)).toHaveLength(0);
    await user.clear(within(dialog()).getByLabelText('E-mail'));
    await user.type(within(dialog()).getByLabelText('E-mail'), 'bia@empresa.com.br');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.emailJaCadastrado)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("asks 'Excluir usuário {nome}?' and deletes only on Sim", async () => {
    const api = usuariosApi(usuarios(2));
    const user = userEvent.setup();
    renderApp('/sistema/usuarios', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Excluir Usuário 02' }));
    expect(await screen.findByText('Excluir usuário Usuário 02?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText('Excluir usuário Usuário 02?')).not.toBeInTheDocument());
    expect(api.callsTo(usuarioApi.excluirUsuario)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Excluir Usuário 02' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.callsTo(usuarioApi.excluirUsuario)).toHaveLength(1));
    expect(api.callsTo(usuarioApi.excluirUsuario)[0]?.body).toMatchObject({ usuario: { id: 2, nome: 'Usuário 02' } });
    expect(await screen.findByText(MSG.usuarioExcluido)).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Usuário 02')).not.toBeInTheDocument());
  });

  it('the pencil opens Editar Usuário', async () => {
    usuariosApi(usuarios(3));
    const user = userEvent.setup();
    const { location } = renderApp('/sistema/usuarios', makeSession([PERM.USUARIOS_VER, PERM.USUARIOS_EDITAR]));
    await user.click(await screen.findByRole('button', { name: 'Editar Usuário 03' }));
    await waitFor(() => expect(location().pathname).toBe('/sistema/usuarios/3/editar'));
  });

  it.each([
    [[PERM.USUARIOS_VER], []],
    [[PERM.USUARIOS_VER, PERM.USUARIOS_NOVO], ['Novo']],
    [[PERM.USUARIOS_VER, PERM.USUARIOS_EDITAR], ['Editar Usuário 01']],
    [[PERM.USUARIOS_VER, PERM.USUARIOS_EXCLUIR], ['Excluir Usuário 01']],
  ])('with codes %j shows only %j', async (codes, shown) => {
    usuariosApi(usuarios(1));
    renderApp('/sistema/usuarios', makeSession(codes));
    await within(await screen.findByRole('table')).findByText('Usuário 01');
    for (const name of ['Novo', 'Editar Usuário 01', 'Excluir Usuário 01']) {
      if (shown.includes(name)) expect(screen.getByRole('button', { name })).toBeInTheDocument();
      else expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('a support session holds every code, but the server refuses it user writes (decision 0064): no Novo, pencil or bin', async () => {
    usuariosApi(usuarios(1));
    renderApp('/sistema/usuarios', makeSession(ALL, { suporte: true }));
    await within(await screen.findByRole('table')).findByText('Usuário 01');
    for (const name of ['Novo', 'Editar Usuário 01', 'Excluir Usuário 01']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('without code 2 the screen is not opened', async () => {
    usuariosApi(usuarios(1));
    const { location } = renderApp('/sistema/usuarios', makeSession([PERM.CARGOS_VER]));
    await waitFor(() => expect(location().pathname).toBe('/nao-autorizado'));
  });
});
