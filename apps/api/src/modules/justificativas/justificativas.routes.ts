import { justificativaApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { justificativasService } from './justificativas.service.js';

export function justificativasRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = justificativasService(deps);
  r.authed(justificativaApi.listarJustificativas, ({ auth }) => svc.list(auth));
  r.authed(justificativaApi.buscarJustificativa, ({ auth, body }) => svc.get(auth, body.idJustificativa));
  r.authed(justificativaApi.salvarJustificativa, ({ auth, body }) => svc.save(auth, body.justificativa));
  r.authed(justificativaApi.excluirJustificativa, ({ auth, body }) => svc.remove(auth, body.justificativa.id));
}
