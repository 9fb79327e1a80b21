import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import {
  IK_RESPONSE_HEADER,
  MSG,
  encodeIkResponse,
  isDownload,
  isUpload,
  type DownloadEndpoint,
  type Endpoint,
  type ParsedBodyOf,
  type UploadEndpoint,
} from '@jornada/contracts';
import { forbidden, unauthorized } from '../shared/app-error.js';
import { holdsPermission, type AuthContext } from '../shared/auth-context.js';
import { RawJson } from '../shared/serialized-json.js';
import type { UploadedFile } from '../shared/uploaded-file.js';
import { acceptMultipart, readUpload } from './multipart.js';

export interface HandlerContext<B> {
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedHandlerContext<B> extends HandlerContext<B> {
  auth: AuthContext;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

type Output<E> = (E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never) | RawJson;
/** The validated body (or query) with the validated path parameters beside it (contracts `ParsedBodyOf`). */
type BodyOut<E> = ParsedBodyOf<E>;

/**
 * Binds a contract to a handler. The contract decides everything generic:
 * path, verb, body or query validation, response shape, and the wall — no
 * session → 401, session without the contract's code → 403, a support session
 * on a call declared `suporte: 'negado'` → 403 — before the handler runs.
 * Routes stay one line each; services add the finer checks.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return m?.[1];
}

export function endpointRoute(deps: {
  app: FastifyInstance;
  /** The live session of a bearer token (the login module's lookup). */
  resolveSession: (token: string) => Promise<AuthContext | undefined>;
  /** Upload calls: time to arrive, and the largest file and JSON field (config.ts HTTP limits). */
  uploads?: { bodyTimeoutMs: number; maxFileBytes: number; maxFieldBytes: number };
}) {
  const app = deps.app.withTypeProvider<ZodTypeProvider>();

  async function authenticate(req: FastifyRequest, e: Endpoint): Promise<AuthContext> {
    const token = bearerToken(req.headers.authorization);
    const auth = token ? await deps.resolveSession(token) : undefined;
    if (!auth) throw unauthorized(MSG.naoAutenticado);
    if (e.permission !== null && !holdsPermission(auth, e.permission, e.altPermission)) {
      throw forbidden(MSG.semPermissao);
    }
    // Decision 0064: a support session may look and fix data, but nothing it
    // does may outlive it (a user, a password, a profile, an authorisation).
    if (auth.suporte && e.suporte === 'negado') throw forbidden(MSG.suporteNegado);
    req.auth = auth;
    return auth;
  }

  const bound = new Set<Endpoint>();
  const boundPaths = new Set<string>();

  function register<E extends Endpoint>(
    e: E,
    handler: (ctx: HandlerContext<BodyOut<E>> & { auth: AuthContext | undefined }) => Promise<Output<E>>,
  ): void {
    const key = `${e.method} ${e.path}`;
    if (boundPaths.has(key)) throw new Error(`${key} ligado duas vezes`);
    // A public call reads no session, so it cannot refuse one: 'negado' there would promise a wall that is not there.
    if (e.permission === null && e.suporte !== 'permitido') throw new Error(`${key} é público: suporte 'permitido'`);
    boundPaths.add(key);
    bound.add(e);
    const upload = isUpload(e);
    const input = {
      // An upload's fields arrive as multipart parts: readUpload validates them.
      ...(upload ? {} : e.method === 'GET' ? { querystring: e.body } : { body: e.body }),
      ...(e.params ? { params: e.params } : {}),
    };
    const download = isDownload(e);
    const route = (scope: typeof app) =>
      scope.route({
        method: e.method,
        url: e.path,
        // A file is not serialised by a schema; its status goes in ik-response.
        schema: { ...input, ...(download ? {} : { response: { 200: e.response } }), summary: e.summary },
        ...(download ? { onSend: ikResponseOnError } : {}),
        ...(upload && deps.uploads ? { config: { bodyTimeoutMs: deps.uploads.bodyTimeoutMs } } : {}),
        // The wall stands before the body is even parsed: an anonymous caller
        // learns nothing about the contract from validation errors.
        ...(e.permission === null
          ? {}
          : {
              onRequest: async (req: FastifyRequest) => {
                await authenticate(req, e);
              },
            }),
        handler: async (req, reply) => {
          const sent = e.method === 'GET' ? req.query : req.body;
          // Path parameters travel beside the body fields, as the contract's callers pass them.
          const body = (e.params ? { ...(sent as object), ...(req.params as object) } : sent) as BodyOut<E>;
          const result = await handler({ body, req, reply, auth: req.auth });
          if (result instanceof RawJson) return reply.type('application/json; charset=utf-8').send(result.body);
          return result;
        },
      });
    if (!upload) {
      route(app);
      return;
    }
    // multipart/form-data is understood by the upload routes only.
    app.register(async (scope) => {
      acceptMultipart(scope);
      route(scope.withTypeProvider<ZodTypeProvider>());
    });
  }

  /** The file answer: its status in ik-response, its name in Content-Disposition. */
  function registerDownload<E extends DownloadEndpoint>(
    e: E,
    handler: (ctx: HandlerContext<BodyOut<E>> & { auth: AuthContext | undefined }) => Promise<DownloadFile>,
  ): void {
    register(e, async (ctx) => {
      const file = await handler(ctx);
      ctx.reply
        .header(
          IK_RESPONSE_HEADER,
          encodeIkResponse({
            status: 'OK',
            nomeArquivo: file.nomeArquivo,
            ...(file.mensagem ? { mensagem: file.mensagem } : {}),
          }),
        )
        .header('Content-Disposition', contentDisposition(file.nomeArquivo, file.inline))
        .type(file.contentType);
      return ctx.reply.send(file.body) as never;
    });
  }

  return {
    /**
     * A call answering a file (defineDownload): the handler returns the file;
     * the status travels in the ik-response header, also on error.
     */
    download<E extends DownloadEndpoint>(
      e: E,
      handler: (ctx: AuthedHandlerContext<BodyOut<E>>) => Promise<DownloadFile>,
    ): void {
      if (e.permission === null) throw new Error(`${e.path}: arquivos exigem sessão (ou use signedDownload)`);
      registerDownload(e, (ctx) => handler({ ...ctx, auth: ctx.auth as AuthContext }));
    },
    /**
     * A file behind a signed, expiring link (decision 0042): no session; the
     * handler must check the link's signature before it reads anything.
     */
    signedDownload<E extends DownloadEndpoint>(
      e: E,
      handler: (ctx: HandlerContext<BodyOut<E>>) => Promise<DownloadFile>,
    ): void {
      if (e.permission !== null) throw new Error(`${e.path} exige sessão: use download`);
      registerDownload(e, handler);
    },
    /**
     * A call receiving one file (defineUpload): the handler gets the
     * validated fields as its body and the file as a stream.
     */
    upload<E extends UploadEndpoint>(
      e: E,
      handler: (ctx: AuthedHandlerContext<z.output<E['body']>> & { file: UploadedFile }) => Promise<Output<E>>,
    ): void {
      if (e.permission === null) throw new Error(`${e.path}: uploads exigem sessão`);
      const limits = deps.uploads ?? { maxFileBytes: e.maxBytes, maxFieldBytes: 1024 * 1024, bodyTimeoutMs: 0 };
      register(e, async (ctx) => {
        const { body, file, finish } = await readUpload(e, ctx.req, limits);
        try {
          return await handler({ ...ctx, body, file, auth: ctx.auth as AuthContext });
        } finally {
          // The answer (a refusal above all) waits for the rest of the body (multipart.ts drain): a client that
          // writes the whole file before reading found the connection closed instead of its 400.
          if (!(await finish())) ctx.reply.header('Connection', 'close');
        }
      });
    },
    /** Every contract bound so far. */
    bound: bound as ReadonlySet<Endpoint>,
    /** A call that needs a session (permission 0 or a code). */
    authed<E extends Endpoint>(e: E, handler: (ctx: AuthedHandlerContext<BodyOut<E>>) => Promise<Output<E>>): void {
      if (e.permission === null) throw new Error(`${e.path} é público: use publicRoute`);
      register(e, (ctx) => handler({ ...ctx, auth: ctx.auth as AuthContext }));
    },
    /** A public call (login and password reset). */
    public<E extends Endpoint>(e: E, handler: (ctx: HandlerContext<BodyOut<E>>) => Promise<Output<E>>): void {
      if (e.permission !== null) throw new Error(`${e.path} exige sessão: use authed`);
      register(e, handler);
    },
  };
}

export type EndpointRouter = ReturnType<typeof endpointRoute>;

/** What a file call's handler returns. */
export interface DownloadFile {
  nomeArquivo: string;
  contentType: string;
  body: Buffer | Readable;
  mensagem?: string;
  /** Shown by the browser (a PDF in a viewer) rather than saved; saving keeps the name. */
  inline?: boolean;
}

/** An error answer of a file call also says so in ik-response (the client reads only the header). */
async function ikResponseOnError(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode >= 400 && typeof payload === 'string') {
    let mensagem: string = MSG.oops;
    try {
      mensagem = (JSON.parse(payload) as { mensagem?: string }).mensagem ?? mensagem;
    } catch {
      /* not our JSON: keep the generic message */
    }
    reply.header(IK_RESPONSE_HEADER, encodeIkResponse({ status: 'ERRO', mensagem }));
  }
  return payload;
}

/** attachment (or inline); an ASCII fallback name and the real one in RFC 5987 form. */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
