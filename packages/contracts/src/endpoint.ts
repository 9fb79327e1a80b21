import { z } from 'zod';

/** A file answer, as the OpenAPI page shows it. */
const binaryFile = z.string().meta({ format: 'binary' });

/**
 * One API call as the seeds define it. The same object drives the Fastify
 * route (body validation, permission check, response typing) and the web
 * fetcher, so the two sides cannot drift apart.
 *
 * `permission`: the code the server demands (seed route/permission tables via
 * shared/spec/catalogue.json). `null` = public call, `0` = any logged-in user.
 * `altPermission`: a second code that also satisfies the check (e.g. create 20
 * or edit 21 on a create-or-update `salvar`). The service may narrow further
 * (edit needs 21 when an id is present).
 */
export interface Endpoint<TBody extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly permission: number | null;
  readonly altPermission?: number;
  readonly body: TBody;
  readonly response: TResponse;
  /** Short Portuguese description for the OpenAPI page. */
  readonly summary: string;
}

export function defineEndpoint<TBody extends z.ZodType, TResponse extends z.ZodType>(
  e: Endpoint<TBody, TResponse>,
): Endpoint<TBody, TResponse> {
  return e;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? z.input<B> : never;
export type ParsedBodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? z.output<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;

/**
 * The status of a file call (seed 002 §7, §8): blob answers carry it as JSON
 * in the `ik-response` header; on error it replaces the file.
 */
export const IK_RESPONSE_HEADER = 'ik-response';
export interface IkResponse {
  status: 'OK' | 'ERRO';
  mensagem?: string;
  /** The file's name as the browser should save it. */
  nomeArquivo?: string;
}

/**
 * A call that answers a file (PDF, XLSX, TXT, CSV): about forty report and
 * document calls. The body is validated like any other; the answer is the
 * file, and its status travels in the `ik-response` header.
 */
export interface DownloadEndpoint<TBody extends z.ZodType = z.ZodType> extends Endpoint<TBody, z.ZodType> {
  readonly kind: 'download';
  /** The media types the call may answer (e.g. application/pdf). */
  readonly contentTypes: readonly string[];
}

export function defineDownload<TBody extends z.ZodType>(
  e: Omit<DownloadEndpoint<TBody>, 'kind' | 'response'>,
): DownloadEndpoint<TBody> {
  // The OpenAPI page documents the file as binary; the schema is not used to serialise it.
  return { ...e, kind: 'download', response: binaryFile };
}

export const isDownload = (e: Endpoint): e is DownloadEndpoint => (e as { kind?: string }).kind === 'download';

/**
 * `ik-response` as header text: JSON with every non-ASCII character escaped,
 * since header values are Latin-1 on the wire and the messages are Portuguese.
 */
export function encodeIkResponse(r: IkResponse): string {
  return JSON.stringify(r).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function decodeIkResponse(header: string | null | undefined): IkResponse | undefined {
  if (!header) return undefined;
  try {
    const v = JSON.parse(header) as IkResponse;
    return v && (v.status === 'OK' || v.status === 'ERRO') ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Path parameters are written `{name}` in a contract's path (the seeds' style,
 * e.g. /api/feriado/listar-cidades/{idEstado}); the body field of the same
 * name carries the value. A GET with path parameters takes its whole body
 * from the path.
 */
const PATH_PARAM = /\{(\w+)\}/g;

export const pathParamNames = (path: string): string[] => [...path.matchAll(PATH_PARAM)].map((m) => m[1]!);

/** The path with each `{name}` replaced by the URI-encoded `values[name]`, and the fields left for the query. */
export function fillPathParams(
  path: string,
  values: Record<string, unknown> | undefined,
): { path: string; rest: Record<string, unknown> | undefined } {
  const names = pathParamNames(path);
  if (names.length === 0) return { path, rest: values };
  const rest = { ...values };
  const filled = path.replace(PATH_PARAM, (_m, name: string) => {
    const v = rest[name];
    delete rest[name];
    return encodeURIComponent(v === undefined || v === null ? '' : String(v));
  });
  return { path: filled, rest };
}

/** The values of a concrete path's parameters when it matches `template`, else undefined. */
export function matchPathParams(template: string, path: string): Record<string, string> | undefined {
  const names = pathParamNames(template);
  const pattern = template
    .split(PATH_PARAM)
    .map((part, i) => (i % 2 === 1 ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  const m = new RegExp(`^${pattern}$`).exec(path);
  if (!m) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
}
