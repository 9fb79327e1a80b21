import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@jornada/contracts';
import { AppError } from '../shared/app-error.js';

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
 * The error shape of seed 000 §8 and architecture §2: expected failures answer
 * `{ mensagem }` with their status; everything else is logged with its context
 * and answers 500 'Oops! Algo deu errado!' without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ mensagem: err.mensagem });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ mensagem: validationMessage(err.validation) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'Resposta fora do contrato');
      return reply.code(500).send({ mensagem: MSG.oops });
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const mensagem =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Tipo de conteúdo não suportado: envie JSON.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Requisição grande demais.'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Corpo JSON vazio.'
              : err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
                ? 'JSON malformado no corpo da requisição.'
                : MSG.corpoInvalido;
      return reply.code(err.statusCode === 413 || err.statusCode === 415 ? err.statusCode : 400).send({ mensagem });
    }
    req.log.error({ err, url: req.url, userId: req.auth?.userId, tenantId: req.auth?.tenantId }, 'Erro inesperado');
    return reply.code(500).send({ mensagem: MSG.oops });
  });
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
