import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cargoApi, loginApi, type Sessao } from '@jornada/contracts';
import { reply, stub, stubApi } from '../test/api-stub';
import { makeSession, renderApp } from '../test/render-app';
import { setSession } from '../shared/session';
import type { TabMessage } from '../shared/session-tabs';
import {
  HANDOFF_TIMEOUT_MS,
  RECOVERY_TIMEOUT_MS,
  TAB_CHANNEL_NAME,
  startTabSession,
  stopTabSession,
} from '../shared/tab-session';

/**
 * The app under test is a new or open tab; "the other tab" is a channel of the
 * same name in this process, scripted by each test (decision 0026).
 */
let other: BroadcastChannel | null = null;
afterEach(() => {
  stopTabSession();
  other?.close();
  other = null;
});

function otherTab(answer: (m: TabMessage, post: (m: TabMessage) => void) => void) {
  const heard: TabMessage[] = [];
  other = new BroadcastChannel(TAB_CHANNEL_NAME);
  const post = (m: TabMessage) => other?.postMessage(m);
  other.addEventListener('message', (e: MessageEvent) => {
    const m = e.data as TabMessage;
    heard.push(m);
    answer(m, post);
  });
  return { heard, post };
}

const withToken = (s: Sessao, valor: string): Sessao => ({ ...s, token: { valor, expiraEm: '2099-01-01T00:00:00Z' } });
const stored = () => JSON.parse(sessionStorage.getItem('jornada.sessao') ?? 'null') as Sessao | null;
const T2 = { valor: 'T2', expiraEm: '2099-02-01T00:00:00Z' };

describe('sessions across tabs (decision 0026)', () => {
  it('a new tab opens a guarded screen with the session of an open tab, validated and rotated', async () => {
    const open = withToken(makeSession([49, 19]), 'T1');
    const tab = otherTab((m, post) => {
      if (m.tipo === 'pedido') post({ tipo: 'sessao', para: m.id, sessao: open });
    });
    const api = stubApi(stub(loginApi.validarToken, { tokenValido: true, token: T2 }), stub(cargoApi.listarCargos, []));
    startTabSession();
    const { location } = renderApp('/cadastros/cargos');
    expect(await screen.findByRole('heading', { name: 'Cargos', level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/cadastros/cargos');
    expect(api.callsTo(loginApi.validarToken).map((c) => c.body)).toEqual([
      { id: 7, email: open.user.email, token: 'T1' },
    ]);
    expect(stored()?.token).toEqual(T2);
    // The list went out with the new token, and the open tab heard of the rotation.
    await waitFor(() => expect(api.callsTo(cargoApi.listarCargos)[0]?.headers.Authorization).toBe('Bearer T2'));
    await waitFor(() => expect(tab.heard).toContainEqual({ tipo: 'token', anterior: 'T1', token: T2 }));
  });

  it('a new tab opening /login goes straight in, validating the handed session once', async () => {
    const open = withToken(makeSession([]), 'T1');
    otherTab((m, post) => {
      if (m.tipo === 'pedido') post({ tipo: 'sessao', para: m.id, sessao: open });
    });
    const api = stubApi(stub(loginApi.validarToken, { tokenValido: true, token: T2 }));
    startTabSession();
    const { location } = renderApp('/login');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(loginApi.validarToken)).toHaveLength(1);
  });

  it('when no tab answers, the new tab asks for a login as before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    otherTab(() => undefined);
    stubApi();
    startTabSession();
    const { location } = renderApp('/cadastros/cargos');
    expect(await screen.findByText('Verificando sessão…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(HANDOFF_TIMEOUT_MS));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe(`?redirect=${encodeURIComponent('/cadastros/cargos')}`);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('a support-access link never takes an open tab’s session', async () => {
    const tab = otherTab((m, post) => {
      if (m.tipo === 'pedido') post({ tipo: 'sessao', para: m.id, sessao: withToken(makeSession([]), 'T1') });
    });
    const api = stubApi();
    window.history.replaceState(null, '', '/login?redirect=%2F%3F_ref%3Dabc%26_aut%3Ddef%26_refacesso%3Dghi');
    try {
      startTabSession();
      renderApp('/login?redirect=%2F%3F_ref%3Dabc%26_aut%3Ddef%26_refacesso%3Dghi');
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(tab.heard).toEqual([]);
      expect(api.callsTo(loginApi.validarToken)).toHaveLength(0);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a handed session the server refuses is dropped: the login form shows', async () => {
    const open = withToken(makeSession([]), 'T1');
    otherTab((m, post) => {
      if (m.tipo === 'pedido') post({ tipo: 'sessao', para: m.id, sessao: open });
    });
    stubApi(stub(loginApi.validarToken, { tokenValido: false, token: null }));
    startTabSession();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('Sair in another tab of the user sends this one to /login and clears it', async () => {
    otherTab(() => undefined);
    stubApi();
    startTabSession();
    const { location } = renderApp('/', makeSession([]));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    other?.postMessage({ tipo: 'sair', usuario: 7 } satisfies TabMessage);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe('');
    expect(stored()).toBeNull();
  });

  it('Sair here tells the other tabs', async () => {
    const tab = otherTab(() => undefined);
    stubApi(stub(loginApi.sair, { mensagem: 'Sessão encerrada.' }));
    startTabSession();
    const user = userEvent.setup();
    const { location } = renderApp('/', makeSession([]));
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await waitFor(() => expect(tab.heard).toContainEqual({ tipo: 'sair', usuario: 7 }));
  });

  it('a 401 right after another tab rotated the token is sent again with the new one', async () => {
    const mine = withToken(makeSession([49, 19]), 'T1');
    // The other tab already holds T2 (it rotated): it answers this tab's question with it.
    otherTab((m, post) => {
      if (m.tipo === 'pedido') post({ tipo: 'sessao', para: m.id, sessao: { ...mine, token: T2 } });
    });
    const api = stubApi(
      stub(cargoApi.listarCargos, (_b, call) =>
        call.headers.Authorization === 'Bearer T2'
          ? [{ id: 1, codigo: '1', nome: 'Analista' }]
          : reply(401, { mensagem: 'Sessão expirada ou inválida. Faça login novamente.' }),
      ),
    );
    startTabSession();
    const { location } = renderApp('/cadastros/cargos', mine);
    expect(await screen.findByText('Analista')).toBeInTheDocument();
    expect(location().pathname).toBe('/cadastros/cargos');
    expect(api.callsTo(cargoApi.listarCargos).map((c) => c.headers.Authorization)).toEqual(['Bearer T1', 'Bearer T2']);
    expect(stored()?.token.valor).toBe('T2');
  });

  it('a 401 before the rotation’s news arrives is mended by the server’s grace answer, without waiting for a tab', async () => {
    const mine = withToken(makeSession([49, 19]), 'T1');
    // The other tab is slow: it says nothing.
    const tab = otherTab(() => undefined);
    const api = stubApi(
      stub(loginApi.validarToken, (b) =>
        b.token === 'T1' ? { tokenValido: true, token: T2 } : { tokenValido: false, token: null },
      ),
      stub(cargoApi.listarCargos, (_b, call) =>
        call.headers.Authorization === 'Bearer T2'
          ? [{ id: 1, codigo: '1', nome: 'Analista' }]
          : reply(401, { mensagem: 'Sessão expirada ou inválida. Faça login novamente.' }),
      ),
    );
    // This tab already has its session (no hand-off of its own).
    setSession(mine);
    startTabSession();
    const { location } = renderApp('/cadastros/cargos');
    expect(await screen.findByText('Analista')).toBeInTheDocument();
    expect(location().pathname).toBe('/cadastros/cargos');
    expect(api.callsTo(loginApi.validarToken).map((c) => c.body)).toEqual([
      { id: 7, email: mine.user.email, token: 'T1' },
    ]);
    expect(stored()?.token).toEqual(T2);
    // The channel was never asked: the server's answer was enough.
    expect(tab.heard.filter((m) => m.tipo === 'pedido')).toEqual([]);
  });

  it('a 401 no other tab can mend ends the session as before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    otherTab(() => undefined);
    stubApi(
      stub(cargoApi.listarCargos, reply(401, { mensagem: 'Sessão expirada ou inválida. Faça login novamente.' })),
    );
    startTabSession();
    const { location } = renderApp('/cadastros/cargos', withToken(makeSession([49, 19]), 'T1'));
    await screen.findByRole('heading', { name: 'Cargos', level: 1 });
    await act(() => vi.advanceTimersByTimeAsync(RECOVERY_TIMEOUT_MS));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByText('Sessão expirada ou inválida. Faça login novamente.')).toBeInTheDocument();
  });

  it('the login page that rotates a stored token tells the tabs that share it', async () => {
    const tab = otherTab(() => undefined);
    stubApi(stub(loginApi.validarToken, { tokenValido: true, token: T2 }));
    startTabSession();
    const { location } = renderApp('/login', withToken(makeSession([]), 'T1'));
    await waitFor(() => expect(location().pathname).toBe('/'));
    await waitFor(() => expect(tab.heard).toContainEqual({ tipo: 'token', anterior: 'T1', token: T2 }));
  });
});
