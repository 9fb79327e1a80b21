import { perfilPermissaoApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { perfisService } from './perfis.service.js';

export function perfisRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = perfisService(deps);
  r.authed(perfilPermissaoApi.listarMenuPerfis, ({ auth }) => svc.listarMenuPerfis(auth));
  r.authed(perfilPermissaoApi.salvarPerfil, ({ auth, body }) => svc.salvarPerfil(auth, body));
  r.authed(perfilPermissaoApi.excluirPerfil, ({ auth, body }) => svc.excluirPerfil(auth, body.perfil.id));
}
