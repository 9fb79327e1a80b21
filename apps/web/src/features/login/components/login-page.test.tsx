import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cargoApi, EXTERNAL_LINKS, loginApi } from '@jornada/contracts';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

describe('login page (seed 000 §2.1, §4, §5)', () => {
  it('requires e-mail and password, trimming blanks', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), '   ');
    await user.type(screen.getByLabelText('Senha'), '  ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Informe o email')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha')).toBeInTheDocument();
    expect(api.callsTo(loginApi.autUsuario)).toHaveLength(0);
  });

  it('logs in with trimmed values, stores the session and goes to the redirect path', async () => {
    const sessao = makeSession([19, 49]);
    const api = stubApi(stub(loginApi.autUsuario, sessao), stub(cargoApi.listarCargos, []));
    const user = userEvent.setup();
    const { location } = renderApp('/login?redirect=%2Fcadastros%2Fcargos%3Fpagina%3D2');
    await user.type(await screen.findByLabelText('E-mail'), '  ana@empresa.com.br ');
    await user.type(screen.getByLabelText('Senha'), 'Segredo@123');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/cadastros/cargos'));
    expect(location().search).toBe('?pagina=2');
    expect(api.callsTo(loginApi.autUsuario)[0]?.body).toEqual({ email: 'ana@empresa.com.br', senha: 'Segredo@123' });
    expect(JSON.parse(sessionStorage.getItem('jornada.sessao') ?? 'null')?.token.valor).toBe('token-de-teste');
  });

  it('goes to / without a redirect and ignores an off-site redirect', async () => {
    stubApi(stub(loginApi.autUsuario, makeSession([])));
    const user = userEvent.setup();
    const { location } = renderApp('/login?redirect=https%3A%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('E-mail'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('shows the server message inline on failure', async () => {
    stubApi(stub(loginApi.autUsuario, reply(401, { mensagem: 'E-mail ou senha inválidos.' })));
    const user = userEvent.setup();
    const { location } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('E-mail ou senha inválidos.')).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(sessionStorage.getItem('jornada.sessao')).toBeNull();
  });

  it('has the external pricing link and the forgot-password link', async () => {
    stubApi();
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Não tem uma conta?' })).toHaveAttribute(
      'href',
      EXTERNAL_LINKS.precos,
    );
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/esqueci-senha');
  });

  it('re-validates a stored session: valid with 126 → controle-ponto with the refreshed token', async () => {
    sessionStorage.setItem('jornada.cacheFuncionarios', '[1]');
    const api = stubApi(
      stub(loginApi.validarToken, { tokenValido: true, token: { valor: 'novo', expiraEm: '2099-01-01T00:00:00Z' } }),
    );
    const { location } = renderApp('/login', makeSession([126]));
    await waitFor(() => expect(location().pathname).toBe('/movimento/controle-ponto'));
    expect(api.callsTo(loginApi.validarToken)[0]?.body).toEqual({
      id: 7,
      email: 'ana@empresa.com.br',
      token: 'token-de-teste',
    });
    expect(JSON.parse(sessionStorage.getItem('jornada.sessao') ?? 'null')?.token.valor).toBe('novo');
    expect(sessionStorage.getItem('jornada.cacheFuncionarios')).toBeNull();
  });

  it('re-validates a stored session: valid without 126 → /', async () => {
    stubApi(stub(loginApi.validarToken, { tokenValido: true, token: { valor: 'n', expiraEm: 'x' } }));
    const { location } = renderApp('/login', makeSession([19]));
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('clears an invalid stored session silently and shows the form', async () => {
    stubApi(stub(loginApi.validarToken, { tokenValido: false, token: null }));
    const { location } = renderApp('/login', makeSession([19]));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(sessionStorage.getItem('jornada.sessao')).toBeNull();
    expect(document.querySelector('.p-toast-message')).toBeNull();
  });
});
