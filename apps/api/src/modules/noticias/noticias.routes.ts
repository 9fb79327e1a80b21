import { noticiasApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { noticiasService } from './noticias.service.js';

export function noticiasRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = noticiasService(deps);
  r.authed(noticiasApi.quantidadeNoticiasDoDia, ({ auth }) => svc.quantidadeNoticiasDoDia(auth));
  r.authed(noticiasApi.listarNoticias, ({ auth, body }) => svc.listarNoticias(auth, body.a, body.b));
}
