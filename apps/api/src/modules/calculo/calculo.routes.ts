import { calculoPontoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { calculoPontoService } from './calculo-ponto.service.js';

export function calculoRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = calculoPontoService(deps);
  r.authed(api.calcular, ({ auth, body }) => svc.calcular(auth, body));
  r.authed(api.calcularFlexivel, ({ auth, body }) => svc.calcularFlexivel(auth, body));
  r.authed(api.calcularPagina, ({ auth, body }) => svc.calcularPagina(auth, body));
  r.authed(api.calcularPaginaFlexivel, ({ auth, body }) => svc.calcularPaginaFlexivel(auth, body));
  r.authed(api.progresso, ({ auth, body }) => svc.progresso(auth, body.id));
  r.authed(api.buscarFuncionario, ({ auth, body }) => svc.buscarFuncionario(auth, body));
  r.authed(api.quantidadeFuncionarios, ({ auth, body }) => svc.quantidadeFuncionarios(auth, body));
  r.authed(api.listarDatasPeriodoFechamento, ({ auth, body }) => svc.listarDatasPeriodoFechamento(auth, body));
}
