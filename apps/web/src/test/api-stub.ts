import { vi } from 'vitest';

/**
 * A fetch stub at the network boundary: each handler answers one
 * "METHOD /path" with a contract-shaped body. Every request is recorded so a
 * test can assert the endpoint and the exact body the screen sent.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface StubReply {
  status: number;
  body: unknown;
}

export const reply = (status: number, body: unknown): StubReply => ({ status, body });

type Handler = (body: unknown, call: RecordedCall) => unknown;

const isReply = (x: unknown): x is StubReply =>
  typeof x === 'object' && x !== null && 'status' in x && 'body' in x && Object.keys(x).length === 2;

export function stubApi(handlers: Record<string, Handler | unknown>) {
  const calls: RecordedCall[] = [];
  const all: Record<string, Handler | unknown> = {
    // The top bar's news badge fires 2 s after the layout appears.
    'GET /api/adm/mensagem/quantidade-do-dia': { quantidade: 0 },
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const h = all[`${method} ${url.pathname}`];
    if (h === undefined) {
      return new Response(JSON.stringify({ mensagem: `Sem stub para ${method} ${url.pathname}` }), { status: 404 });
    }
    // A handler may answer a promise, to hold a call in flight.
    const out: unknown = await (typeof h === 'function' ? (h as Handler)(body, call) : h);
    const r = isReply(out) ? out : reply(200, out);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls to one path (any method). */
    to: (path: string) => calls.filter((c) => c.path === path),
    /** Replace or add a handler mid-test. */
    on: (key: string, h: Handler | unknown) => {
      all[key] = h;
    },
  };
}
