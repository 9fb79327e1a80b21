import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../shared/app-error.js';
import { dispositivoPushService } from './dispositivo-push.service.js';

/** The device-facing prefix (spec/devices.md §4(a)): outside /api, no session, its own limits (decision 0081). */
export const PREFIXO_CONTROLID = '/cid';

interface ComToken {
  Params: { companyToken: string; endpoint?: string };
  Querystring: Record<string, unknown>;
}

/**
 * Control iD push and monitor (devices.md §1.4, §1.5, §4(a)). A device sends
 * `push_remote_address` + `/push` and `/result`, and monitor notifications
 * to `monitor.path` + `/<endpoint>`; both paths start with the company
 * token. Success is an empty 200 (the device reads a command only from a
 * poll's body); errors carry `mensagem` like every other answer.
 */
export function dispositivoPushRoutes(app: FastifyInstance, deps: Deps): void {
  const svc = dispositivoPushService(deps);
  void app.register(
    async (cid) => {
      // Devices are not browsers: a body without a JSON content type is still read as JSON.
      cid.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
        const texto = String(body);
        if (texto.trim() === '') return done(null, {});
        try {
          done(null, JSON.parse(texto));
        } catch {
          done(badRequest('Corpo inválido: não é JSON.'), undefined);
        }
      });
      cid.get<ComToken>('/:companyToken/push', async (req, reply) => {
        const comando = await svc.poll(req.params.companyToken, req.query);
        if (comando === '') return reply.code(200).type('application/json').send('');
        return reply.code(200).send(comando);
      });
      cid.post<ComToken>('/:companyToken/result', async (req, reply) => {
        await svc.resultado(req.params.companyToken, req.query, req.body);
        return reply.code(200).send('');
      });
      cid.post<ComToken>('/:companyToken/notifications/dao', async (req, reply) => {
        await svc.dao(req.params.companyToken, req.body);
        return reply.code(200).send('');
      });
      cid.post<ComToken>('/:companyToken/notifications/device_is_alive', async (req, reply) => {
        await svc.vivo(req.params.companyToken, req.body);
        return reply.code(200).send('');
      });
      cid.post<ComToken>('/:companyToken/notifications/:endpoint', async (req, reply) => {
        await svc.outra(req.params.companyToken, req.body);
        return reply.code(200).send('');
      });
    },
    { prefix: PREFIXO_CONTROLID },
  );
}
