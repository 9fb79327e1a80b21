import { vi } from 'vitest';
import { z } from 'zod';
import {
  isUpload,
  matchPath,
  noticiaApi,
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
  /** An upload call's file (multipart): its body holds the other fields, parsed from their JSON. */
  file?: File;
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

export function stubApi(...entries: StubEntry[]) {
  const calls: RecordedCall[] = [];
  const table = new Map<string, StubEntry>();
  // The top bar's news badge fires 2 s after the layout appears: every shell test meets it.
  for (const e of [stub(noticiaApi.quantidadeNoticiasDoDia, { quantidade: 0 }), ...entries]) {
    table.set(routeKey(e.endpoint), e);
  }

  /** The stub of a request: by exact path, else by a contract path with `:name` segments. */
  const findEntry = (method: string, pathname: string) => {
    const exact = table.get(`${method} ${pathname}`);
    if (exact) return { entry: exact, params: {} };
    for (const entry of table.values()) {
      if (entry.endpoint.method !== method || !entry.endpoint.params) continue;
      const params = matchPath(entry.endpoint.path, pathname);
      if (params) return { entry, params };
    }
    return undefined;
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const form = init?.body instanceof FormData ? init.body : undefined;
    const raw: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : form ? formFields(form) : undefined;
    const file = form ? [...form.values()].find((v): v is File => v instanceof File) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: raw,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      ...(file ? { file } : {}),
    };
    calls.push(call);
    const found = findEntry(method, url.pathname);
    if (!found) {
      return json(404, { mensagem: `Sem stub para ${method} ${url.pathname}` });
    }
    const { entry, params } = found;
    const { endpoint, handler } = entry;
    if (isUpload(endpoint) && !(form && file && form.get(endpoint.fileField) === file)) {
      breaches.push(`A tela chamou ${routeKey(endpoint)} sem o arquivo em multipart ('${endpoint.fileField}')`);
    }
    // A GET carries its body in the query string.
    const sent = method === 'GET' ? Object.fromEntries(url.searchParams) : raw;
    const parsedBody = endpoint.body.safeParse(sent);
    if (!parsedBody.success) {
      breaches.push(
        `A tela enviou a ${routeKey(endpoint)} um corpo fora do contrato: ${z.prettifyError(parsedBody.error)}`,
      );
    }
    // Path parameters (`:name` segments) are checked by their own schema and handed over beside the body.
    const parsedParams = endpoint.params?.safeParse(params);
    if (parsedParams && !parsedParams.success) {
      breaches.push(
        `A tela chamou ${routeKey(endpoint)} com parâmetros fora do contrato: ${z.prettifyError(parsedParams.error)}`,
      );
    }
    const bodyOut: unknown = parsedBody.success ? parsedBody.data : sent;
    const handed =
      parsedParams?.success && typeof bodyOut === 'object'
        ? { ...(bodyOut as object), ...(parsedParams.data as object) }
        : bodyOut;
    if (endpoint.params) call.body = handed;
    // A handler may answer a promise, to hold a call in flight.
    const out: unknown = await (typeof handler === 'function' ? handler(handed as never, call) : handler);
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
  vi.stubGlobal('XMLHttpRequest', xhrOver(fetchMock));
  return {
    calls,
    /** The calls made to one endpoint, bodies typed by its contract. */
    callsTo: <E extends Endpoint>(endpoint: E) =>
      calls.filter(
        (c) =>
          c.method === endpoint.method &&
          (c.path === endpoint.path ||
            (endpoint.params !== undefined && matchPath(endpoint.path, c.path) !== undefined)),
      ) as RecordedCall<BodyOf<E>>[],
    /** Replace or add a stub mid-test. */
    on: <E extends Endpoint>(endpoint: E, handler: Handler<E>) => {
      table.set(routeKey(endpoint), stub(endpoint, handler));
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The fields of a multipart body, each parsed from its JSON text; the file is left out. */
function formFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out[name] = JSON.parse(value);
  }
  return out;
}

/**
 * XMLHttpRequest (uploads, for their progress) over the same stub as fetch:
 * the whole body counts as sent at once, then the stub answers.
 */
function xhrOver(fetchMock: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  return class StubXhr {
    status = 0;
    responseText = '';
    readyState = 0;
    readonly upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: XMLHttpRequestBodyInit | null) {
      void (async () => {
        const size = body instanceof FormData ? 1 : 0;
        this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size } as ProgressEvent);
        const res = await fetchMock(this.url, { method: this.method, headers: this.headers, body });
        if (this.aborted) return;
        this.status = res.status;
        this.responseText = await res.text();
        this.readyState = 4;
        this.onload?.();
      })();
    }
  };
}
