import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { coletorService } from './coletor.service.js';

/** The Coletor Local's prefix (spec/devices.md §4(b)): outside /api, no session, its own limits (decision 0082). */
export const PREFIXO_COLETOR = '/coletor/v1';

interface ComSerial {
  Params: { serial: string };
}

/**
 * The Coletor Local's agent API (spec/devices.md §4(a) 'REP iDClass with
 * service type Coletor Local', §4(b) 'Agent API'). JSON in and out; errors
 * are `{ mensagem }` (400, 401, 404, 429), like every other answer.
 */
export function coletorRoutes(app: FastifyInstance, deps: Deps): void {
  const svc = coletorService(deps);
  void app.register(
    async (c) => {
      c.post('/login', async (req) => svc.login(req.body, req.ip));
      c.get('/relogios', async (req) => svc.relogios(req.headers.authorization));
      c.post<ComSerial>('/relogios/:serial/afd', { bodyLimit: deps.config.coletor.afdBytes }, async (req) =>
        svc.afd(req.headers.authorization, req.params.serial, req.body),
      );
      c.post<ComSerial>('/relogios/:serial/heartbeat', async (req) =>
        svc.heartbeat(req.headers.authorization, req.params.serial, req.body),
      );
      c.get<ComSerial>('/relogios/:serial/comandos', async (req) =>
        svc.comandos(req.headers.authorization, req.params.serial),
      );
      c.post<{ Params: { id: string } }>('/comandos/:id/resultado', async (req) =>
        svc.resultado(req.headers.authorization, req.params.id, req.body),
      );
    },
    { prefix: PREFIXO_COLETOR },
  );
}
