import { isIP } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@jornada/contracts';
import type { HttpLimits } from '../config.js';
import { AppError } from '../shared/app-error.js';

/**
 * Control characters other than TAB, LF and CR (issue 7 §8/§9). A NUL byte
 * breaks PostgreSQL text; the others have no business in a form field and
 * can forge log lines or hide text. Line breaks stay: observations and news
 * are multi-line.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path of the first string holding a forbidden control character ('' = the value itself). */
export function findControlCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return FORBIDDEN_CONTROL.test(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key;
    if (FORBIDDEN_CONTROL.test(key)) return here;
    const found = findControlCharacter(inner, here, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Per-route overrides of the body limits (upload routes). */
declare module 'fastify' {
  interface FastifyContextConfig {
    bodyTimeoutMs?: number;
  }
}

/**
 * Guards every request shares, so each of the ~250 calls inherits them:
 * a body that does not finish arriving in time is refused (a slow body would
 * otherwise hold a connection forever), and no body or query string may carry
 * control characters.
 */
export function registerRequestGuards(app: FastifyInstance, limits: HttpLimits): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD') return payload;
    const ms = req.routeOptions.config?.bodyTimeoutMs ?? limits.jsonBodyTimeoutMs;
    const out = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(out);
      payload.resume();
      // The 408 goes to a parser still reading. A body refused before it was read (too large, a refused content
      // type) has nobody listening any more: an error emitted there was an uncaught exception, one per such
      // request, when its timer ran out.
      if (out.listenerCount('error') > 0) out.destroy(new AppError(408, MSG.requisicaoLenta));
      else out.destroy();
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    payload.on('end', stop);
    payload.on('close', stop);
    out.on('close', stop);
    payload.on('error', (err) => {
      stop();
      out.destroy(err);
    });
    payload.pipe(out);
    return out;
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const where = findControlCharacter(req.body) ?? findControlCharacter(req.query);
    if (where !== undefined) throw new AppError(400, MSG.caracteresDeControle(where));
  });
}

/**
 * The caller's address for throttling and the session record. With a trusted
 * proxy Fastify reads X-Forwarded-For; whatever it yields must still be an IP
 * address, else the socket's own address is used (a forged header must never
 * become a free-form key). IPv4-mapped IPv6 is folded to IPv4.
 */
export function clientAddress(req: FastifyRequest): string {
  for (const candidate of [req.ip, req.socket?.remoteAddress]) {
    if (!candidate) continue;
    const ip = candidate.startsWith('::ffff:') && isIP(candidate.slice(7)) === 4 ? candidate.slice(7) : candidate;
    if (isIP(ip) !== 0) return ip;
  }
  return '0.0.0.0';
}
