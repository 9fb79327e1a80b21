import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { appFuncionarioService } from './app-funcionario.service.js';

/** The employee app's prefix (spec/devices.md §4(c)): outside /api, no session, a device token. */
export const PREFIXO_APP = '/app/v1';

/**
 * The employee's app API (spec/devices.md §4(c); decision 0086). JSON in and
 * out; errors are `{ mensagem }` (400, 401, 403, 404, 409, 410, 429), like
 * every other answer.
 */
export function appFuncionarioRoutes(app: FastifyInstance, deps: Deps): void {
  const svc = appFuncionarioService(deps);
  void app.register(
    async (c) => {
      c.post('/ativar', async (req) => svc.ativar(req.body, req.ip));
      c.get('/justificativas', async (req) => svc.justificativas(req.headers.authorization));
      c.get('/solicitacoes', async (req) => svc.minhas(req.headers.authorization, req.query));
      c.post('/solicitacoes', async (req, reply) => {
        const r = await svc.criar(req.headers.authorization, req.body);
        return reply.code(r.status).send(r.corpo);
      });
    },
    { prefix: PREFIXO_APP },
  );
}
