import { motivoAfastamentoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { motivosAfastamentoService } from './motivos-afastamento.service.js';

export function motivosAfastamentoRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = motivosAfastamentoService(deps);
  r.authed(api.listarMotivosAfastamento, ({ auth }) => svc.list(auth));
  r.authed(api.buscarMotivoAfastamento, ({ auth, body }) => svc.get(auth, body.idMotivo));
  r.authed(api.salvarMotivoAfastamento, ({ auth, body }) => svc.save(auth, body.motivoAfastamento));
  r.authed(api.excluirMotivoAfastamento, ({ auth, body }) => svc.remove(auth, body.motivoAfastamento.id));
}
