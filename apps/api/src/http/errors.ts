import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@jornada/contracts';
import { AppError } from '../shared/app-error.js';
import { appErrorFromDatabase, databaseErrorOf } from '../shared/database-errors.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: unknown;
}

/** "cargo.nome: Informe o nome" — the field path helps a caller fix a body. */
export function validationMessage(items: readonly ValidationItem[]): string {
  const parts = items.slice(0, 5).map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const text = v.message ?? 'valor inválido';
    return field ? `${field}: ${text}` : text;
  });
  return parts.join('; ') || MSG.corpoInvalido;
}

/**
 * Fastify's own client errors, in Portuguese and without echoing the input
 * (their English messages quote the URL or the body).
 */
function frameworkClientMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MSG.tipoDeConteudoNaoSuportado;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MSG.requisicaoGrandeDemais;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MSG.corpoJsonVazio;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return MSG.jsonMalformado;
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return MSG.enderecoInvalido;
    default:
      if (err instanceof SyntaxError) return MSG.jsonMalformado;
      return STATUS_MESSAGES[status] ?? MSG.corpoInvalido;
  }
}

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  404: MSG.rotaNaoEncontrada,
  405: 'Método não permitido para este endereço.',
  408: MSG.requisicaoLenta,
  413: MSG.requisicaoGrandeDemais,
  415: MSG.tipoDeConteudoNaoSuportado,
  431: MSG.cabecalhosGrandesDemais,
};

const PASSED_THROUGH = new Set([404, 405, 408, 413, 415]);

/**
 * The error shape of seed 000 §8 and architecture §2: expected failures answer
 * `{ mensagem }` with their status; everything else is logged with its context
 * and answers 500 'Oops! Algo deu errado!' without internals. Failed SQL is
 * logged by its error code and constraint only, never with the statement's
 * parameter values (they hold personal data and, on login, secrets).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendAppError(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ mensagem: validationMessage(err.validation) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ issues: err.cause.issues, url: req.routeOptions.url }, 'Resposta fora do contrato');
      return reply.code(500).send({ mensagem: MSG.oops });
    }
    const dbError = databaseErrorOf(err);
    if (dbError) {
      const expected = appErrorFromDatabase(dbError);
      if (expected) return sendAppError(reply, expected);
      req.log.error({ db: dbError, ...requestContext(req) }, 'Erro de banco de dados');
      return reply.code(500).send({ mensagem: MSG.oops });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const status = PASSED_THROUGH.has(err.statusCode) ? err.statusCode : 400;
      if (status === 408 || err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') reply.header('Connection', 'close');
      return reply.code(status).send({ mensagem: frameworkClientMessage(err, status) });
    }
    req.log.error(
      { err: { name: err.name, message: err.message, stack: err.stack }, ...requestContext(req) },
      'Erro inesperado',
    );
    return reply.code(500).send({ mensagem: MSG.oops });
  });
}

function sendAppError(reply: FastifyReply, err: AppError) {
  for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
  if (err.status === 408) reply.header('Connection', 'close');
  return reply.code(err.status).send({ mensagem: err.mensagem });
}

function requestContext(req: FastifyRequest) {
  return { route: req.routeOptions.url, userId: req.auth?.userId, tenantId: req.auth?.tenantId };
}

/**
 * Errors Fastify raises before routing (a URL it cannot decode): same shape,
 * no echo of the URL.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  return reply.code(400).send({ mensagem: frameworkClientMessage(err, 400) });
}

/**
 * Errors of the HTTP parser itself (oversized headers, a header that never
 * finishes, garbage instead of HTTP): no route runs, so the answer is written
 * to the socket by hand, still `{ mensagem }` in Portuguese.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ mensagem: STATUS_MESSAGES[status] ?? MSG.requisicaoMalformada });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Unknown API paths answer 404 `{ mensagem }`. With the built SPA present, any
 * other GET gets its index.html (history routing, seed 000 §2.1).
 */
export function registerNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    if (spa && req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.code(404).send({ mensagem: MSG.rotaNaoEncontrada });
  });
}
