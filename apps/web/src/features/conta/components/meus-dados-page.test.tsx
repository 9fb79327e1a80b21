import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, PERM, usuarioApi } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

function contaApi() {
  const api = stubApi();
  api.on(usuarioApi.buscarUsuario, {
    usuario: { id: 7, nome: 'Ana Souza', nomeLogin: 'ana@empresa.com.br', email: 'ana@empresa.com.br' },
    perfil: { id: 3, nome: 'RH' },
    cnpjs: [{ id: 2, numero: '11222333000262', razaoSocial: 'Demo Campinas' }],
    centrosCustos: [{ id: 20, codigo: '20', nome: 'Vendas', tipo: 1, idCnpj: 2, centroCustoPaiId: null }],
  });
  api.on(usuarioApi.alterarSenha, { mensagem: MSG.senhaAlterada });
  return api;
}

const senha = () => screen.getByLabelText('Nova senha');
const repetir = () => screen.getByLabelText('Repetir a senha');

describe('Meus Dados (seed 000 §2.6, §5)', () => {
  it('shows name, e-mail, login, profile, companies and cost centres, read-only', async () => {
    contaApi();
    renderApp('/conta/meus-dados', makeSession([PERM.MEUS_DADOS]));
    expect(await screen.findByLabelText('Nome')).toHaveValue('Ana Souza');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@empresa.com.br');
    expect(screen.getByLabelText('Login')).toHaveValue('ana@empresa.com.br');
    expect(screen.getByLabelText('Perfil')).toHaveValue('RH');
    for (const f of ['Nome', 'E-mail', 'Login', 'Perfil']) expect(screen.getByLabelText(f)).toHaveAttribute('readonly');
    expect(
      within(screen.getByRole('region', { name: 'Empresas' })).getByText('Demo Campinas - 11.222.333/0002-62'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Centros de Custos' })).getByText('20 - Vendas (Departamento)'),
    ).toBeInTheDocument();
  });

  it('a support session may not change a password (decision 0064): the Senha tab says so, with no form to save', async () => {
    contaApi();
    const user = userEvent.setup();
    renderApp('/conta/meus-dados', makeSession([PERM.MEUS_DADOS], { suporte: true }));
    await user.click(await screen.findByRole('tab', { name: 'Senha' }));
    expect(await screen.findByText(MSG.suporteNegado)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('Senha: fewer than 8 characters gives the seed message and sends nothing', async () => {
    const api = contaApi();
    const user = userEvent.setup();
    renderApp('/conta/meus-dados', makeSession([PERM.MEUS_DADOS]));
    await user.click(await screen.findByRole('tab', { name: 'Senha' }));
    await user.type(senha(), 'Ab1');
    await user.type(repetir(), 'Ab1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(MSG.senhaFraca)).toHaveLength(2);
    expect(api.callsTo(usuarioApi.alterarSenha)).toHaveLength(0);
  });

  it("Senha: different passwords give 'Não são iguais'", async () => {
    const api = contaApi();
    const user = userEvent.setup();
    renderApp('/conta/meus-dados', makeSession([PERM.MEUS_DADOS]));
    await user.click(await screen.findByRole('tab', { name: 'Senha' }));
    await user.type(senha(), 'Abcdefg1');
    await user.type(repetir(), 'Abcdefg2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.naoSaoIguais)).toBeInTheDocument();
    expect(api.callsTo(usuarioApi.alterarSenha)).toHaveLength(0);
  });

  it('Senha: only the length is checked here; trimmed values go to the server, whose rule answers', async () => {
    const api = contaApi();
    api.on(usuarioApi.alterarSenha, reply(400, { mensagem: MSG.senhaFraca }));
    const user = userEvent.setup();
    renderApp('/conta/meus-dados', makeSession([PERM.MEUS_DADOS]));
    await user.click(await screen.findByRole('tab', { name: 'Senha' }));
    await user.type(senha(), '  abcdefgh ');
    await user.type(repetir(), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(usuarioApi.alterarSenha)).toHaveLength(1));
    expect(api.callsTo(usuarioApi.alterarSenha)[0]!.body).toMatchObject({
      senha: 'abcdefgh',
      repetirSenha: 'abcdefgh',
    });
    expect(await screen.findByText(MSG.senhaFraca)).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloMensagem)).toBeInTheDocument();
  });

  it('Senha: success shows the message and clears the fields', async () => {
    contaApi();
    const user = userEvent.setup();
    renderApp('/conta/meus-dados', makeSession([PERM.MEUS_DADOS]));
    await user.click(await screen.findByRole('tab', { name: 'Senha' }));
    await user.type(senha(), 'NovaSenha1');
    await user.type(repetir(), 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.senhaAlterada)).toBeInTheDocument();
    await waitFor(() => expect(senha()).toHaveValue(''));
    expect(repetir()).toHaveValue('');
  });
});
