import { funcionarioPesquisaApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { funcionarioPesquisaService } from './funcionario-pesquisa.service.js';

export function funcionarioPesquisaRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = funcionarioPesquisaService(deps);
  r.authed(api.listarContratos, ({ auth }) => svc.listarContratos(auth));
  r.authed(api.buscarFuncionarios, ({ auth, body }) => svc.buscar(auth, body));
  r.authed(api.buscarFuncionariosCrachaNome, ({ auth, body }) => svc.buscar(auth, body));
  r.authed(api.buscarFuncionariosContrato, ({ auth, body }) => svc.buscar(auth, body));
  r.authed(api.buscarFuncionariosContratoCrachaNome, ({ auth, body }) => svc.buscar(auth, body));
  r.authed(api.trocarContratoFuncionarios, ({ auth, body }) => svc.trocarContratoFuncionarios(auth, body));
}
