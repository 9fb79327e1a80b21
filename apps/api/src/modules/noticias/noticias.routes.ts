import { noticiaApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { noticiasService } from './noticias.service.js';

export function noticiasRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = noticiasService(deps);
  r.authed(noticiaApi.quantidadeNoticiasDoDia, ({ auth }) => svc.quantidadeNoticiasDoDia(auth));
  r.authed(noticiaApi.listarNoticias, ({ auth, body }) => svc.listarNoticias(auth, body.a, body.b));
}
