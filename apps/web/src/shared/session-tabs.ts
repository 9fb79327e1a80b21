import { loginApi, type Sessao } from '@jornada/contracts';

/**
 * Tabs of one browser share the login (decision 0026). The session lives in
 * each tab's sessionStorage (it never reaches localStorage, which would outlive
 * the tabs); tabs talk over a BroadcastChannel of the origin:
 *
 * - a new tab without a session asks (`pedido`) and an open tab answers with
 *   its session (`sessao`);
 * - a tab that rotates the shared token (validar-token) tells the others
 *   (`token`), so their next calls carry the new one;
 * - Sair in one tab ends the user's session in all of them (`sair`).
 */
export type TabMessage =
  | { tipo: 'pedido'; id: string }
  | { tipo: 'sessao'; para: string; sessao: Sessao }
  | { tipo: 'token'; anterior: string; token: Sessao['token'] }
  | { tipo: 'sair'; usuario: number };

/** The part of BroadcastChannel used here (tests pass Node's, the browser its own). */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

/** This tab's session, as the hand-off reads and changes it. */
export interface TabStore {
  get(): Sessao | null;
  set(s: Sessao): void;
  updateToken(token: Sessao['token']): void;
  /** Another tab of this user pressed Sair. */
  signedOutElsewhere(): void;
}

export interface SessionTabs {
  /** A new tab: the session an open tab answers with, or null when none answers within `timeoutMs`. */
  askOpenTabs(timeoutMs: number): Promise<Sessao | null>;
  /**
   * After a 401 with `failed`: another tab may have rotated the shared token a
   * moment ago. Resolves with the newer token of the same user (already stored
   * in this tab), or null when none comes within `timeoutMs`.
   */
  newerToken(failed: string, timeoutMs: number): Promise<string | null>;
  tokenRotated(anterior: string, token: Sessao['token']): void;
  signedOut(usuario: number): void;
  close(): void;
}

const tokenSchema = loginApi.sessao.shape.token;

/** Only well-formed messages count: the channel is the origin's, but a bug elsewhere must not log anyone in. */
function readMessage(data: unknown): TabMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  switch (m.tipo) {
    case 'pedido':
      return typeof m.id === 'string' ? { tipo: 'pedido', id: m.id } : null;
    case 'sessao': {
      const sessao = loginApi.sessao.safeParse(m.sessao);
      return typeof m.para === 'string' && sessao.success
        ? { tipo: 'sessao', para: m.para, sessao: sessao.data }
        : null;
    }
    case 'token': {
      const token = tokenSchema.safeParse(m.token);
      return typeof m.anterior === 'string' && token.success
        ? { tipo: 'token', anterior: m.anterior, token: token.data }
        : null;
    }
    case 'sair':
      return typeof m.usuario === 'number' ? { tipo: 'sair', usuario: m.usuario } : null;
    default:
      return null;
  }
}

/** A request id: random, and available outside secure contexts (crypto.randomUUID is not). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function connectSessionTabs(store: TabStore, channel: TabChannel, newId = randomId): SessionTabs {
  /** Waiters of this tab: each sees every message and says when it is satisfied. */
  const waiters = new Set<(m: TabMessage) => void>();

  const onMessage = (e: MessageEvent) => {
    const m = readMessage(e.data);
    if (!m) return;
    const mine = store.get();
    if (m.tipo === 'pedido' && mine) {
      channel.postMessage({ tipo: 'sessao', para: m.id, sessao: mine } satisfies TabMessage);
    } else if (m.tipo === 'token' && mine && mine.token.valor === m.anterior) {
      store.updateToken(m.token);
    } else if (m.tipo === 'sair' && mine && mine.user.id === m.usuario) {
      store.signedOutElsewhere();
    }
    for (const w of [...waiters]) w(m);
  };
  channel.addEventListener('message', onMessage);

  /** Asks the open tabs and resolves with what `accept` makes of the messages, or null at the deadline. */
  function wait<T>(timeoutMs: number, accept: (m: TabMessage, id: string) => T | null, ready?: () => T | null) {
    return new Promise<T | null>((resolve) => {
      const id = newId();
      const done = (v: T | null) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(v);
      };
      const waiter = (m: TabMessage) => {
        const v = accept(m, id) ?? ready?.() ?? null;
        if (v !== null) done(v);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      waiters.add(waiter);
      channel.postMessage({ tipo: 'pedido', id } satisfies TabMessage);
    });
  }

  return {
    askOpenTabs(timeoutMs) {
      return wait(timeoutMs, (m, id) => (m.tipo === 'sessao' && m.para === id ? m.sessao : null));
    },

    async newerToken(failed, timeoutMs) {
      const current = () => {
        const valor = store.get()?.token.valor;
        return valor !== undefined && valor !== failed ? valor : null;
      };
      // The rotation's news may already be here.
      const now = current();
      if (now !== null) return now;
      return wait(
        timeoutMs,
        (m, id) => {
          const mine = store.get();
          if (m.tipo !== 'sessao' || m.para !== id || !mine) return null;
          if (m.sessao.user.id !== mine.user.id || m.sessao.token.valor === failed) return null;
          store.updateToken(m.sessao.token);
          return m.sessao.token.valor;
        },
        current,
      );
    },

    tokenRotated(anterior, token) {
      channel.postMessage({ tipo: 'token', anterior, token } satisfies TabMessage);
    },

    signedOut(usuario) {
      channel.postMessage({ tipo: 'sair', usuario } satisfies TabMessage);
    },

    close() {
      channel.removeEventListener('message', onMessage);
      for (const w of [...waiters]) waiters.delete(w);
    },
  };
}
