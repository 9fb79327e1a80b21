import type { BodyOf, Endpoint, ResponseOf } from '@jornada/contracts';
import {
  IK_RESPONSE_HEADER,
  MSG,
  decodeIkResponse,
  fillPath,
  pathParamNames,
  type DownloadEndpoint,
  type UploadEndpoint,
} from '@jornada/contracts';
import { z } from 'zod';
import { beginActivity } from './activity';
import { getSession } from './session';

/**
 * A failed call. `status` null = no response (network down, CORS, aborted).
 * `mensagem` is the server's Portuguese text when it sent one, else the
 * generic 'Oops! Algo deu errado!' (seed 000 §8).
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly mensagem: string;
  /** True when the server sent its own `mensagem` (a 4xx the user should read). */
  readonly fromServer: boolean;
  /** Set when a 401 ended the session: the UI redirects instead of toasting. */
  readonly sessionExpired: boolean;

  constructor(status: number | null, mensagem: string | null, sessionExpired = false) {
    super(mensagem ?? MSG.oops);
    this.name = 'ApiError';
    this.status = status;
    this.mensagem = mensagem ?? MSG.oops;
    this.fromServer = mensagem !== null;
    this.sessionExpired = sessionExpired;
  }
}

let onSessionExpired: ((mensagem: string) => void) | null = null;

/** The app shell registers what a 401 on an authenticated call does (clear session, go to login). */
export function setSessionExpiredHandler(fn: ((mensagem: string) => void) | null): void {
  onSessionExpired = fn;
}

let recoverToken: ((failed: string) => Promise<string | null>) | null = null;

/**
 * What a 401 tries before it ends the session: another tab may have rotated
 * the shared token a moment ago (shared/tab-session.ts). A newer token means
 * the call is sent once more with it.
 */
export function setTokenRecovery(fn: ((failed: string) => Promise<string | null>) | null): void {
  recoverToken = fn;
}

/** Calls whose query carries fdb=f run in the background: no global spinner (seed 000 §2.4). */
function isBackground(url: string): boolean {
  return /[?&]fdb=f(&|$)/.test(url);
}

function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The contract's path with its `:name` segments taken from the input; the rest is the body or query. */
function splitPathParams(endpoint: Endpoint, body: unknown): { path: string; rest: unknown } {
  const names = endpoint.params ? pathParamNames(endpoint.path) : [];
  if (names.length === 0 || typeof body !== 'object' || body === null) return { path: endpoint.path, rest: body };
  const values = body as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !names.includes(k)));
  return { path: fillPath(endpoint.path, values), rest };
}

async function readMensagem(res: Response): Promise<string | null> {
  try {
    const data: unknown = await res.json();
    if (data && typeof data === 'object' && 'mensagem' in data && typeof data.mensagem === 'string') {
      return data.mensagem;
    }
  } catch {
    /* not JSON: fall back to the generic message */
  }
  return null;
}

/**
 * In development and tests every answer is checked against its contract, so a
 * server (or a test stub) that drifts from the contract fails loudly where it
 * happens. Production skips the check: the bytes and the time are the user's.
 */
const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

function assertContractResponse(endpoint: Endpoint, data: unknown): void {
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return;
  const error = new ContractMismatchError(
    `Resposta de ${endpoint.method} ${endpoint.path} fora do contrato: ${z.prettifyError(parsed.error)}`,
  );
  console.error(error.message);
  throw error;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Sends a call of the contracts with its typed body (POST JSON; for GET the
 * body becomes the query string) and the bearer token when a session exists.
 * Resolves with the successful response; a failure becomes an ApiError with
 * the server's Portuguese message (for file calls, read from ik-response).
 */
async function send(
  endpoint: Endpoint,
  body: unknown,
  options: CallOptions,
  accept: string,
  retried = false,
): Promise<{ res: Response; end: () => void }> {
  const isGet = endpoint.method === 'GET';
  const { path, rest } = splitPathParams(endpoint, body);
  const url = isGet ? buildUrl(path, rest as Record<string, unknown> | undefined) : path;
  const session = getSession();
  const headers: Record<string, string> = { Accept: accept };
  if (!isGet) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token.valor}`;

  const end = isBackground(url) ? () => undefined : beginActivity();
  let res: Response;
  try {
    res = await fetch(url, {
      method: endpoint.method,
      headers,
      body: isGet ? undefined : JSON.stringify(rest ?? {}),
      signal: options.signal,
    });
  } catch (e) {
    end();
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(null, null);
  }
  // The activity (spinner) ends once the caller has read the body.
  if (res.ok) return { res, end };
  try {
    // The generic message for 5xx even if a body came: internals never reach the user.
    const fromHeader = decodeIkResponse(res.headers.get(IK_RESPONSE_HEADER))?.mensagem ?? null;
    const mensagem = res.status < 500 ? (fromHeader ?? (await readMensagem(res))) : null;
    if (res.status === 401 && session && endpoint.permission !== null) {
      const fresh = retried ? null : await recoverToken?.(session.token.valor);
      if (fresh) return await send(endpoint, body, options, accept, true);
      const m = mensagem ?? MSG.naoAutenticado;
      onSessionExpired?.(m);
      throw new ApiError(401, m, true);
    }
    throw new ApiError(res.status, mensagem);
  } finally {
    end();
  }
}

/**
 * The one HTTP client for JSON calls: returns the endpoint's typed response.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  body?: BodyOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const { res, end } = await send(endpoint, body, options, 'application/json');
  try {
    if (res.status === 204) return undefined as ResponseOf<E>;
    const data: unknown = await res.json();
    if (CHECK_RESPONSES) assertContractResponse(endpoint, data);
    return data as ResponseOf<E>;
  } finally {
    end();
  }
}

/** A file from a file call (defineDownload), with the name and message of its ik-response. */
export interface DownloadedFile {
  blob: Blob;
  nomeArquivo: string | undefined;
  mensagem: string | undefined;
}

/**
 * Calls a file endpoint (reports, documents: seed 002 §7). Its status travels
 * in the ik-response header; an 'ERRO' there is an ApiError even if a body came.
 */
export async function downloadFile<E extends DownloadEndpoint>(
  endpoint: E,
  body?: BodyOf<E>,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  const { res, end } = await send(endpoint, body, options, [...endpoint.contentTypes, 'application/json'].join(', '));
  try {
    const ik = decodeIkResponse(res.headers.get(IK_RESPONSE_HEADER));
    if (ik?.status === 'ERRO') throw new ApiError(res.status, ik.mensagem ?? null);
    return { blob: await res.blob(), nomeArquivo: ik?.nomeArquivo, mensagem: ik?.mensagem };
  } finally {
    end();
  }
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** How much of the file has gone, 0..1 (the upload's progress bar). */
  onProgress?: (fraction: number) => void;
}

/** One multipart POST through XMLHttpRequest: fetch cannot report how much of a body has gone. */
function postForm(
  path: string,
  form: FormData,
  token: string | undefined,
  options: UploadOptions,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(null, null));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Sends a file call (contracts defineUpload): each field as a JSON text, then
 * the file, as multipart/form-data, reporting the upload's progress. Answers
 * and failures as callApi (a 401 tries the other tabs' token once, then ends
 * the session). No global spinner: the screen shows its own progress bar.
 */
export async function uploadFile<E extends UploadEndpoint>(
  endpoint: E,
  fields: BodyOf<E>,
  file: File,
  options: UploadOptions = {},
  retried = false,
): Promise<ResponseOf<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    form.append(name, JSON.stringify(value));
  }
  form.append(endpoint.fileField, file, file.name);
  const session = getSession();
  const { status, text } = await postForm(endpoint.path, form, session?.token.valor, options);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (status >= 200 && status < 300) {
    if (CHECK_RESPONSES) assertContractResponse(endpoint, data);
    return data as ResponseOf<E>;
  }
  const fromServer =
    data && typeof data === 'object' && 'mensagem' in data && typeof data.mensagem === 'string' ? data.mensagem : null;
  const mensagem = status < 500 ? fromServer : null;
  if (status === 401 && session) {
    const fresh = retried ? null : await recoverToken?.(session.token.valor);
    if (fresh) return uploadFile(endpoint, fields, file, options, true);
    const m = mensagem ?? MSG.naoAutenticado;
    onSessionExpired?.(m);
    throw new ApiError(401, m, true);
  }
  throw new ApiError(status === 0 ? null : status, mensagem);
}

/**
 * The requester block the seeds' client sends with every call (seed 000 §3).
 * The server ignores it for authorisation; we send it for wire fidelity.
 */
export function usuarioRequisicao(): unknown {
  return getSession()?.dadosRequisicao;
}
