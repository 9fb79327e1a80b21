import { solicitacaoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { solicitacoesService } from './solicitacoes.service.js';

/** Employees' requests, the back office's side (seed 002 §2 Solicitações, §4, §7; decision 0086). */
export function solicitacoesRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = solicitacoesService(deps);
  r.authed(api.listar, ({ auth, body }) => svc.listar(auth, body));
  r.authed(api.listarPendentesFuncionario, ({ auth, body }) => svc.listarPendentesFuncionario(auth, body));
  r.authed(api.pesquisar, ({ auth, body }) => svc.pesquisar(auth, body));
  r.authed(api.buscarItemJustificar, ({ auth, body }) => svc.buscarItemJustificar(auth, body));
  r.authed(api.resolverJustificar, ({ auth, body }) => svc.resolverJustificar(auth, body));
  r.authed(api.buscarItensEdicaoMarcacoes, ({ auth, body }) => svc.buscarItensEdicaoMarcacoes(auth, body));
  r.authed(api.resolverEdicaoMarcacoes, ({ auth, body }) => svc.resolverEdicaoMarcacoes(auth, body));
}
