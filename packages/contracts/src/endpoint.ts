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
  /** The seeds' path; a `{name}` segment of the catalogue is written `:name` and declared in `params`. */
  readonly path: string;
  readonly permission: number | null;
  readonly altPermission?: number;
  /**
   * Whether a support session (the provider's staff inside the customer,
   * decisions 0016, 0064) may make this call. Required, so every call declares
   * it: 'negado' for what would outlive the session — creating, altering or
   * deleting users, profiles, permissions, passwords and support
   * authorisations (and the provider's own area). The wall answers 403 before
   * the body is read. A public call is always 'permitido': it has no session
   * to tell apart.
   */
  readonly suporte: 'permitido' | 'negado';
  readonly body: TBody;
  /**
   * Path parameters (`:name` segments), validated apart from the body or
   * query. Callers pass them beside the body fields (`BodyOf`); the client puts
   * them into the path and the server hands them to the handler the same way.
   */
  readonly params?: z.ZodType;
  readonly response: TResponse;
  /** Short Portuguese description for the OpenAPI page. */
  readonly summary: string;
}

export function defineEndpoint<TBody extends z.ZodType, TResponse extends z.ZodType, TParams extends z.ZodType = never>(
  e: Endpoint<TBody, TResponse> & { readonly params?: TParams },
): Endpoint<TBody, TResponse> & { readonly params?: TParams } {
  return e;
}

/** What a caller passes for the path parameters (nothing when the path has none). */
type ParamsSchema<E> = E extends { readonly params?: infer P } ? (P extends z.ZodType ? P : never) : never;
type ParamsIn<E> = [ParamsSchema<E>] extends [never] ? unknown : z.input<ParamsSchema<E>>;
type ParamsOut<E> = [ParamsSchema<E>] extends [never] ? unknown : z.output<ParamsSchema<E>>;

/**
 * A body without fields (`z.strictObject({})` infers `Record<string, never>`)
 * beside path parameters adds nothing: the input is the parameters alone
 * (`GET /api/empresa/listar-cidades/:idEstado`).
 */
type BesideParams<T, E> = [ParamsSchema<E>] extends [never]
  ? T
  : [T] extends [Record<string, never>]
    ? [Record<string, never>] extends [T]
      ? unknown
      : T
    : T;

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? BesideParams<z.input<B>, E> & ParamsIn<E> : never;
export type ParsedBodyOf<E> =
  E extends Endpoint<infer B, z.ZodType> ? BesideParams<z.output<B>, E> & ParamsOut<E> : never;

/** The names of a path's `:name` segments, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/** The path with its `:name` segments filled in (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeURIComponent(String(values[name])));
}

/** The path parameters of `pathname` when it matches the template `path`, else undefined. */
export function matchPath(path: string, pathname: string): Record<string, string> | undefined {
  const names = pathParamNames(path);
  if (names.length === 0) return path === pathname ? {} : undefined;
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '([^/]+)');
  const m = new RegExp(`^${pattern}$`).exec(pathname);
  if (!m) return undefined;
  try {
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] as string)]));
  } catch {
    return undefined;
  }
}

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

export function defineDownload<TBody extends z.ZodType, TParams extends z.ZodType = never>(
  e: Omit<DownloadEndpoint<TBody>, 'kind' | 'response'> & { readonly params?: TParams },
): DownloadEndpoint<TBody> & { readonly params?: TParams } {
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
 * A call that receives one file (multipart/form-data): the file part streams
 * to the handler, and the other parts are JSON texts validated by `body` as
 * one object of those fields (seed 001 §7: `funcionariosStream` beside
 * `jsonRequisicao` and `jsonColunas`). The fields must come before the file,
 * so the server checks them before it reads a byte of the file.
 */
export interface UploadEndpoint<
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> extends Endpoint<TBody, TResponse> {
  readonly kind: 'upload';
  /** The name of the file part. */
  readonly fileField: string;
  /** The file's accepted extensions, lower case with the dot ('.csv'). */
  readonly extensions: readonly string[];
  /** The largest file accepted, in bytes (never above the server's upload limit). */
  readonly maxBytes: number;
}

export function defineUpload<TBody extends z.ZodType, TResponse extends z.ZodType>(
  e: Omit<UploadEndpoint<TBody, TResponse>, 'kind' | 'method'>,
): UploadEndpoint<TBody, TResponse> {
  return { ...e, kind: 'upload', method: 'POST' };
}

export const isUpload = (e: Endpoint): e is UploadEndpoint => (e as { kind?: string }).kind === 'upload';
