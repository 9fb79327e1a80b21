import { vi } from 'vitest';
import { z } from 'zod';
import {
  noticiasApi,
  pathParamNames,
  type BodyOf,
  type Endpoint,
  type ParsedBodyOf,
  type ResponseOf,
} from '@jornada/contracts';

/**
 * A fetch stub at the network boundary, keyed by contract. Each stub answers
 * one Endpoint; what it answers is checked against the endpoint's response
 * schema (a 2xx) or the `{ mensagem }` error shape, and what the screen sends
 * against the body schema — so a stub, or a screen, that drifts from the
 * contract fails the test instead of passing against a fiction. Every request
 * is recorded for asserting the exact body a flow sent.
 */
export interface RecordedCall<B = unknown> {
  method: string;
  path: string;
  query: URLSearchParams;
  body: B;
  headers: Record<string, string>;
}

export interface StubReply {
  readonly status: number;
  readonly body: unknown;
}

const REPLY = Symbol('reply');
type TaggedReply = StubReply & { readonly [REPLY]: true };

/** An explicit status: `reply(409, { mensagem })`. Plain values are 200 answers. */
export const reply = (status: number, body: unknown): StubReply => ({ status, body, [REPLY]: true }) as TaggedReply;

const isReply = (x: unknown): x is StubReply => typeof x === 'object' && x !== null && REPLY in x;

type Answer<E extends Endpoint> = ResponseOf<E> | StubReply;
export type Handler<E extends Endpoint> =
  Answer<E> | ((body: ParsedBodyOf<E>, call: RecordedCall<BodyOf<E>>) => Answer<E> | Promise<Answer<E>>);

const errorShape = z.object({ mensagem: z.string() });

/** Contract breaches seen by the stub; the test setup fails the test when any is left. */
const breaches: string[] = [];
export function takeStubBreaches(): string[] {
  return breaches.splice(0);
}

export interface StubEntry {
  readonly endpoint: Endpoint;
  readonly handler: Handler<Endpoint>;
}

/** One typed stub, for `stubApi(stub(cargoApi.listarCargos, [...]))`. */
export const stub = <E extends Endpoint>(endpoint: E, handler: Handler<E>): StubEntry => ({
  endpoint,
  handler: handler as Handler<Endpoint>,
});

const routeKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** The parameters of `pathname` when it is a path of `endpoint` (exact, or with ':name' parameters). */
function matchPath(endpoint: Endpoint, pathname: string): Record<string, string> | undefined {
  if (endpoint.path === pathname) return {};
  const names = pathParamNames(endpoint.path);
  if (names.length === 0) return undefined;
  const m = new RegExp(`^${endpoint.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '([^/]+)')}$`).exec(pathname);
  return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) : undefined;
}

/** The stub of a request and its path parameters. */
function findEntry(table: Map<string, StubEntry>, method: string, pathname: string) {
  const exact = table.get(`${method} ${pathname}`);
  if (exact) return { entry: exact, params: {} };
  for (const entry of table.values()) {
    const params = entry.endpoint.method === method ? matchPath(entry.endpoint, pathname) : undefined;
    if (params) return { entry, params };
  }
  return undefined;
}

export function stubApi(...entries: StubEntry[]) {
  const calls: RecordedCall[] = [];
  const table = new Map<string, StubEntry>();
  // The top bar's news badge fires 2 s after the layout appears: every shell test meets it.
  for (const e of [stub(noticiasApi.quantidadeNoticiasDoDia, { quantidade: 0 }), ...entries]) {
    table.set(routeKey(e.endpoint), e);
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: raw,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const found = findEntry(table, method, url.pathname);
    if (!found) {
      return json(404, { mensagem: `Sem stub para ${method} ${url.pathname}` });
    }
    const { endpoint, handler } = found.entry;
    // A GET carries its body in the query string; path parameters are part of the input too.
    const base = method === 'GET' ? Object.fromEntries(url.searchParams) : raw;
    const sent = Object.keys(found.params).length ? { ...(base as object), ...found.params } : base;
    const parsedBody = endpoint.body.safeParse(sent);
    if (!parsedBody.success) {
      breaches.push(
        `A tela enviou a ${routeKey(endpoint)} um corpo fora do contrato: ${z.prettifyError(parsedBody.error)}`,
      );
    }
    // A handler may answer a promise, to hold a call in flight.
    const out: unknown = await (typeof handler === 'function'
      ? handler(parsedBody.success ? parsedBody.data : sent, call)
      : handler);
    const r = isReply(out) ? out : { status: 200, body: out };
    const schema: z.ZodType = r.status < 300 ? endpoint.response : errorShape;
    const checked = schema.safeParse(r.body);
    if (!checked.success) {
      breaches.push(
        `O stub de ${routeKey(endpoint)} respondeu ${r.status} fora do contrato: ${z.prettifyError(checked.error)}`,
      );
    }
    return json(r.status, r.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one endpoint, bodies typed by its contract. */
    callsTo: <E extends Endpoint>(endpoint: E) =>
      calls.filter((c) => c.method === endpoint.method && matchPath(endpoint, c.path) !== undefined) as RecordedCall<
        BodyOf<E>
      >[],
    /** Replace or add a stub mid-test. */
    on: <E extends Endpoint>(endpoint: E, handler: Handler<E>) => {
      table.set(routeKey(endpoint), stub(endpoint, handler));
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
