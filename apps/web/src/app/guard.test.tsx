import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cargoApi, MSG } from '@jornada/contracts';
import { reply, stub, stubApi } from '../test/api-stub';
import { makeSession, renderApp } from '../test/render-app';

const cargos = [{ id: 1, codigo: '1', nome: 'Analista de RH' }];

describe('route guard (seed 000 §2.2)', () => {
  it('sends a visitor without session to /login with the wanted path as redirect', async () => {
    stubApi();
    const { location } = renderApp('/cadastros/cargos?pagina=2');
    expect(await screen.findByRole('heading', { name: 'Acesse sua conta' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/cadastros/cargos?pagina=2');
  });

  it('sends a session lacking the route code to /nao-autorizado with a redirect query', async () => {
    stubApi(stub(cargoApi.listarCargos, cargos));
    const { location } = renderApp('/cadastros/cargos', makeSession([49, 33]));
    expect(await screen.findByRole('heading', { name: 'Sem autorização para acessar o conteúdo' })).toBeInTheDocument();
    expect(location().pathname).toBe('/nao-autorizado');
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/cadastros/cargos');
    expect(screen.getByRole('button', { name: /Voltar para Home/ })).toBeInTheDocument();
  });

  it('opens the screen when the session holds the code', async () => {
    const api = stubApi(stub(cargoApi.listarCargos, cargos));
    const { location } = renderApp('/cadastros/cargos', makeSession([19]));
    expect(await screen.findByRole('heading', { name: 'Cargos', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Analista de RH')).toBeInTheDocument();
    expect(location().pathname).toBe('/cadastros/cargos');
    expect(api.callsTo(cargoApi.listarCargos)[0]?.headers.Authorization).toBe('Bearer token-de-teste');
  });

  it('honours the alternative code of a route (politica-privacidade: 7 or 12)', async () => {
    stubApi();
    renderApp('/sistema/politica-privacidade', makeSession([12]));
    expect(await screen.findByRole('heading', { name: 'Política de Privacidade', level: 1 })).toBeInTheDocument();
  });

  it('shows routes without a screen yet as "em construção" with the route title', async () => {
    stubApi();
    // Banco de Horas comes with the movements (Feriados, used here before, now has its screen).
    renderApp('/movimento/banco-horas', makeSession([112, 120]));
    expect(await screen.findByRole('heading', { name: 'Banco de Horas', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(MSG.telaEmConstrucao)).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown route, with or without session', async () => {
    stubApi();
    renderApp('/nao/existe', makeSession([19]));
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Voltar para Home/ })).toBeInTheDocument();
    // Logged in, the 404 stays inside the app frame: menu and top bar remain.
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('shows the public not-found page to a visitor without session', async () => {
    stubApi();
    const { location } = renderApp('/nao/existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(location().pathname).toBe('/nao/existe');
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
  });

  it('clears the session and goes to login when an authenticated call answers 401', async () => {
    stubApi(
      stub(cargoApi.listarCargos, reply(401, { mensagem: 'Sessão expirada ou inválida. Faça login novamente.' })),
    );
    const { location } = renderApp('/cadastros/cargos', makeSession([19]));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/cadastros/cargos');
    expect(sessionStorage.getItem('jornada.sessao')).toBeNull();
    expect(await screen.findByText('Sessão expirada ou inválida. Faça login novamente.')).toBeInTheDocument();
  });
});
