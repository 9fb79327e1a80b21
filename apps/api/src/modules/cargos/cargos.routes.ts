import { cargoApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { cargosService } from './cargos.service.js';

export function cargosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = cargosService(deps);
  r.authed(cargoApi.listarCargos, ({ auth }) => svc.list(auth));
  r.authed(cargoApi.buscarCargo, ({ auth, body }) => svc.get(auth, body.idCargo));
  r.authed(cargoApi.salvarCargo, ({ auth, body }) => svc.save(auth, body.cargo));
  r.authed(cargoApi.excluirCargo, ({ auth, body }) => svc.remove(auth, body.cargo.id));
}
