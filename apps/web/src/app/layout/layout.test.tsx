import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cargoApi, loginApi, noticiaApi } from '@jornada/contracts';
import { NEWS_BADGE_DELAY_MS } from '../../features/noticias/api/noticias-api';
import { QUERY_RETRY_DELAY_MS } from '../../shared/query-client';
import { reply, stub, stubApi } from '../../test/api-stub';
import { makeSession, renderApp } from '../../test/render-app';

const sideMenu = () => screen.getByRole('navigation', { name: 'Menu principal' });

describe('side menu filtering (seed 000 §2.4)', () => {
  it('hides a parent without a visible child even when the parent code is held', async () => {
    stubApi();
    renderApp('/', makeSession([49, 112]));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    const nav = sideMenu();
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Cadastros' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Movimento' })).not.toBeInTheDocument();
  });

  it('hides a child whose parent code is missing', async () => {
    stubApi();
    renderApp('/', makeSession([19]));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    expect(within(sideMenu()).queryByRole('button', { name: 'Cadastros' })).not.toBeInTheDocument();
    expect(within(sideMenu()).queryByRole('link', { name: 'Cargos' })).not.toBeInTheDocument();
  });

  it('shows the parent with only its visible children and navigates from them', async () => {
    stubApi(stub(cargoApi.listarCargos, []));
    const user = userEvent.setup();
    const { location } = renderApp('/', makeSession([49, 19, 33]));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    await user.click(within(sideMenu()).getByRole('button', { name: 'Cadastros' }));
    const nav = sideMenu();
    expect(within(nav).getByRole('link', { name: 'Cargos' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Feriados' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Empresas' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Dispositivos de Coleta' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Cargos' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/cargos'));
  });

  it("marks 'Em breve' the entries whose screen is still to come, and the home offers no shortcut to them", async () => {
    stubApi();
    const user = userEvent.setup();
    // Cadastros (49) with Dispositivos de Coleta (142 Cliente App and 173 Serviço Push, both built) and Cargos (19);
    // Movimento (112) with only Afastamentos (102, not built): the whole group is to come.
    renderApp('/', makeSession([49, 142, 173, 19, 112, 102]));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    const nav = sideMenu();
    expect(within(nav).getByRole('button', { name: 'Movimento Em breve' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Movimento Em breve' }));
    expect(within(nav).getByRole('link', { name: 'Afastamentos Em breve' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Cadastros' }));
    await user.click(within(nav).getByRole('button', { name: 'Dispositivos de Coleta' }));
    expect(within(nav).getByRole('link', { name: 'Cliente App' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Serviço Push' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Cargos' })).toBeInTheDocument();
    const atalhos = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(atalhos).toEqual(['Cliente App', 'Serviço Push', 'Cargos']);
  });

  it('lists in the Sistema popup only the items the user holds', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/', makeSession([2]));
    await user.click(await screen.findByRole('button', { name: 'Sistema' }));
    // jsdom has no layout, so PrimeReact leaves the positioned overlay display:none; its items are what matters here.
    const popup = await screen.findByRole('menu', { hidden: true });
    expect(within(popup).getByText('Usuários')).toBeInTheDocument();
    expect(within(popup).getByText('Sobre o Sistema')).toBeInTheDocument();
    expect(within(popup).queryByText('Perfis e Permissões')).not.toBeInTheDocument();
    expect(within(popup).queryByText('Logs de Operações')).not.toBeInTheDocument();
  });

  it('shows the user name, the version and company in the footer', async () => {
    stubApi();
    renderApp('/', makeSession([], { versao: '3.1.4' }));
    expect(await screen.findByText('Versão 3.1.4')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Empresa Demo Ltda');
    expect(screen.getByRole('banner')).toHaveTextContent('Ana Souza');
  });
});

describe('shared behaviour (seed 000 §2.4, §8)', () => {
  it('clears the toasts when the route changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi(stub(cargoApi.listarCargos, reply(500, { mensagem: 'interno' })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderApp('/cadastros/cargos', makeSession([49, 19]));
    await screen.findByRole('heading', { name: 'Cargos', level: 1 });
    // A 5xx is retried once before the error toast.
    await act(() => vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS));
    expect(await screen.findByText('Oops! Algo deu errado!')).toBeInTheDocument();
    await user.click(within(sideMenu()).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByText('Oops! Algo deu errado!')).not.toBeInTheDocument());
  });

  it('shows the global spinner during a call, but not for fdb=f calls', async () => {
    let release: (v: unknown) => void = () => undefined;
    const pending = new Promise((r) => {
      release = r;
    });
    let releaseBadge: (v: unknown) => void = () => undefined;
    const badge = new Promise((r) => {
      releaseBadge = r;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(
      stub(cargoApi.listarCargos, () => pending.then(() => [])),
      stub(noticiaApi.quantidadeNoticiasDoDia, () => badge.then(() => ({ quantidade: 0 }))),
    );
    renderApp('/cadastros/cargos', makeSession([19]));
    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    release([]);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Carregando' })).not.toBeInTheDocument());
    // The badge call (fdb=f) starts after 2 s and stays pending: no spinner for it.
    await act(() => vi.advanceTimersByTimeAsync(NEWS_BADGE_DELAY_MS));
    expect(api.callsTo(noticiaApi.quantidadeNoticiasDoDia)).toHaveLength(1);
    expect(screen.queryByRole('progressbar', { name: 'Carregando' })).not.toBeInTheDocument();
    releaseBadge({ quantidade: 0 });
  });
});

describe('top bar', () => {
  it("shows the news badge with today's count, fetched in the background (fdb=f)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(stub(noticiaApi.quantidadeNoticiasDoDia, { quantidade: 3 }));
    renderApp('/', makeSession([]));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    expect(api.callsTo(noticiaApi.quantidadeNoticiasDoDia)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(NEWS_BADGE_DELAY_MS));
    expect(await screen.findByRole('button', { name: 'Notícias (3 hoje)' })).toBeInTheDocument();
    expect(api.callsTo(noticiaApi.quantidadeNoticiasDoDia)[0]?.query.get('fdb')).toBe('f');
  });

  it('Sair revokes the token, clears the storage and goes to /login', async () => {
    const api = stubApi(stub(loginApi.sair, { mensagem: 'Sessão encerrada.' }));
    const user = userEvent.setup();
    localStorage.setItem('qualquer', '1');
    const { location, router } = renderApp('/', makeSession([]));
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(api.callsTo(loginApi.sair)[0]?.headers.Authorization).toBe('Bearer token-de-teste');
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { name: 'Acesse sua conta' })).toBeInTheDocument();
    expect(location().search).toBe('');
    // After Sair a guarded route sends to login again (no lingering sign-out state).
    await router.navigate('/cadastros/cargos');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/cadastros/cargos');
  });
});
