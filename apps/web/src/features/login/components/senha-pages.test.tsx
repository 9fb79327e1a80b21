import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginApi } from '@jornada/contracts';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

describe('reset password link (seed 000 §2.1)', () => {
  it.each([
    ['missing tk', '/redefinir-senha-email?em=a%40b.com&tm=1700000000'],
    ['missing em', '/redefinir-senha-email?tm=1700000000&tk=abc'],
    ['missing tm', '/redefinir-senha-email?em=a%40b.com&tk=abc'],
    ['non-numeric tm', '/redefinir-senha-email?em=a%40b.com&tm=12x&tk=abc'],
  ])('goes to /erro404 with %s', async (_name, url) => {
    stubApi();
    const { location } = renderApp(url);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(location().pathname).toBe('/erro404');
  });

  it('requires both passwords and sends the link data with them', async () => {
    const api = stubApi(stub(loginApi.redefinirSenha, { mensagem: 'Senha redefinida com sucesso!' }));
    const user = userEvent.setup();
    renderApp('/redefinir-senha-email?em=ana%40empresa.com.br&tm=1700000000&tk=abc123');
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Informe a senha')).toHaveLength(2);
    await user.type(screen.getByLabelText('Nova senha'), 'NovaSenha1');
    await user.type(screen.getByLabelText('Repetir senha'), 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Senha redefinida com sucesso!')).toBeInTheDocument();
    expect(api.callsTo(loginApi.redefinirSenha)[0]?.body).toEqual({
      email: 'ana@empresa.com.br',
      time: 1700000000,
      token: 'abc123',
      senha: 'NovaSenha1',
      repetirSenha: 'NovaSenha1',
    });
    expect(screen.getByRole('link', { name: /Voltar para o login/ })).toHaveAttribute('href', '/login');
    // The link is spent: the form closes and the way on is the login.
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
  });

  it('shows the server message inline on error', async () => {
    stubApi(stub(loginApi.redefinirSenha, reply(400, { mensagem: 'Link de redefinição de senha inválido.' })));
    const user = userEvent.setup();
    renderApp('/redefinir-senha-email?em=a%40b.com&tm=1&tk=t');
    await user.type(await screen.findByLabelText('Nova senha'), 'A');
    await user.type(screen.getByLabelText('Repetir senha'), 'B');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Link de redefinição de senha inválido.')).toBeInTheDocument();
  });
});

describe('forgot password (seed 000 §2.1, §5)', () => {
  it('requires the e-mail, then shows the server answer inline', async () => {
    const api = stubApi(stub(loginApi.solicitarRedefinirSenha, { mensagem: 'Verifique seu e-mail.' }));
    const user = userEvent.setup();
    renderApp('/esqueci-senha');
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Informe o email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), ' Ana@Empresa.com.br ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Verifique seu e-mail.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(loginApi.solicitarRedefinirSenha)[0]?.body).toEqual({ email: 'ana@empresa.com.br' }),
    );
  });
});
