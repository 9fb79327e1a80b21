import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sessao } from '@jornada/contracts';
import { makeSession } from '../test/render-app';
import { connectSessionTabs, type SessionTabs, type TabStore } from './session-tabs';

/**
 * Two or more "tabs" in one process: each has its own session store and its
 * own BroadcastChannel on a name private to the test (Node's channel delivers
 * between instances as the browser's does between tabs).
 */
let opened: { channel: BroadcastChannel; tabs: SessionTabs }[] = [];
let name = '';
afterEach(() => {
  for (const t of opened) {
    t.tabs.close();
    t.channel.close();
  }
  opened = [];
});

function tab(session: Sessao | null) {
  if (opened.length === 0) name = `teste-abas-${Math.random()}`;
  let current = session;
  const signedOut = vi.fn(() => {
    current = null;
  });
  const store: TabStore = {
    get: () => current,
    set: (s) => {
      current = s;
    },
    updateToken: (token) => {
      if (current) current = { ...current, token };
    },
    signedOutElsewhere: signedOut,
  };
  const channel = new BroadcastChannel(name);
  const tabs = connectSessionTabs(store, channel);
  opened.push({ channel, tabs });
  return { tabs, store, signedOut, channel };
}

const withToken = (valor: string, userId = 7): Sessao =>
  makeSession([19], {
    token: { valor, expiraEm: '2099-01-01T00:00:00Z' },
    user: { id: userId, nome: `Usuário ${userId}`, email: `u${userId}@empresa.com.br` },
  });

/** Resolves once `to` has heard everything `from` posted so far (a channel keeps each sender's order). */
function delivered(from: BroadcastChannel, to: BroadcastChannel): Promise<void> {
  const marca = Math.random();
  return new Promise((resolve) => {
    const listener = (e: MessageEvent) => {
      if ((e.data as { marca?: number } | null)?.marca !== marca) return;
      to.removeEventListener('message', listener);
      resolve();
    };
    to.addEventListener('message', listener);
    from.postMessage({ marca });
  });
}

describe('tab hand-off (decision 0026)', () => {
  it('a new tab receives the session of an open tab', async () => {
    tab(withToken('T1'));
    const novo = tab(null);
    const sessao = await novo.tabs.askOpenTabs(5_000);
    expect(sessao?.token.valor).toBe('T1');
    expect(sessao?.user.id).toBe(7);
  });

  it('a tab without a session does not answer; nobody answering gives null at the deadline', async () => {
    tab(null);
    const novo = tab(null);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked = novo.tabs.askOpenTabs(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await asked).toBeNull();
  });

  it('a rotated token reaches the tabs that held the old one, and only them', async () => {
    const a = tab(withToken('T1'));
    const outro = tab(withToken('X9', 8));
    const b = tab(withToken('T1'));
    b.tabs.tokenRotated('T1', { valor: 'T2', expiraEm: '2099-01-02T00:00:00Z' });
    await vi.waitFor(() => expect(a.store.get()?.token.valor).toBe('T2'));
    expect(a.store.get()?.token.expiraEm).toBe('2099-01-02T00:00:00Z');
    await delivered(b.channel, outro.channel);
    expect(outro.store.get()?.token.valor).toBe('X9');
  });

  it('Sair in one tab signs out every tab of the same user, not another user’s', async () => {
    const a = tab(withToken('T1'));
    const c = tab(withToken('T1'));
    const outro = tab(withToken('X9', 8));
    const semSessao = tab(null);
    const quem = tab(withToken('T1'));
    quem.tabs.signedOut(7);
    await vi.waitFor(() => expect(a.signedOut).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(c.signedOut).toHaveBeenCalledTimes(1));
    await Promise.all([delivered(quem.channel, outro.channel), delivered(quem.channel, semSessao.channel)]);
    expect(outro.signedOut).not.toHaveBeenCalled();
    expect(semSessao.signedOut).not.toHaveBeenCalled();
    // The sender does not hear itself.
    expect(quem.signedOut).not.toHaveBeenCalled();
  });

  describe('after a 401: the newer token another tab holds', () => {
    it('is the stored one at once when the rotation news already arrived', async () => {
      const a = tab(withToken('T2'));
      expect(await a.tabs.newerToken('T1', 5_000)).toBe('T2');
    });

    it('comes with the rotation message that arrives while waiting', async () => {
      const a = tab(withToken('T1'));
      const b = tab(null);
      const waiting = a.tabs.newerToken('T1', 5_000);
      b.tabs.tokenRotated('T1', { valor: 'T2', expiraEm: '2099-01-02T00:00:00Z' });
      expect(await waiting).toBe('T2');
    });

    it('comes from an open tab of the same user that already has a newer one', async () => {
      const a = tab(withToken('T1'));
      tab(withToken('T1'));
      tab(withToken('X9', 8));
      tab(withToken('T2'));
      expect(await a.tabs.newerToken('T1', 5_000)).toBe('T2');
      expect(a.store.get()?.token.valor).toBe('T2');
    });

    it('is null when no tab has a newer token of this user', async () => {
      const a = tab(withToken('T1'));
      tab(withToken('T1'));
      tab(withToken('X9', 8));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const waiting = a.tabs.newerToken('T1', 2_000);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await waiting).toBeNull();
      expect(a.store.get()?.token.valor).toBe('T1');
    });
  });

  it('ignores malformed messages: nothing is adopted or changed by them', async () => {
    const a = tab(withToken('T1'));
    const novo = tab(null);
    const intruso = new BroadcastChannel(name);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const asked = novo.tabs.askOpenTabs(1_000);
      // Answers to a request nobody made, a forged session, a token without its date, an unknown kind.
      intruso.postMessage({ tipo: 'sessao', para: 'qualquer', sessao: withToken('FORJADO') });
      intruso.postMessage({ tipo: 'sessao', para: 'qualquer', sessao: { token: 'x' } });
      intruso.postMessage({ tipo: 'token', anterior: 'T1', token: { valor: 'T3' } });
      intruso.postMessage({ tipo: 'sair', usuario: '7' });
      intruso.postMessage('sair');
      await vi.advanceTimersByTimeAsync(1_000);
      // The real open tab answered; the forged answers were for no request of this tab.
      expect((await asked)?.token.valor).toBe('T1');
      expect(a.store.get()?.token.valor).toBe('T1');
      expect(a.signedOut).not.toHaveBeenCalled();
    } finally {
      intruso.close();
    }
  });
});
