import { empresaApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { empresasService } from './empresas.service.js';

export function empresasRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = empresasService(deps);
  r.authed(empresaApi.listarEmpresas, ({ auth }) => svc.listarEmpresas(auth));
  r.authed(empresaApi.listarCnpjs, ({ auth }) => svc.listarCnpjs(auth));
  r.authed(empresaApi.buscarCnpj, ({ auth, body }) => svc.buscarCnpj(auth, body.idCnpj));
  r.authed(empresaApi.buscarEmpresa, ({ auth }) => svc.buscarEmpresa(auth));
  r.authed(empresaApi.salvarCnpj, ({ auth, body }) => svc.salvarCnpj(auth, body));
  r.authed(empresaApi.alterarPeriodoFechamento, ({ auth, body }) => svc.alterarPeriodoFechamento(auth, body.empresa));
  r.authed(empresaApi.listarEstados, ({ auth }) => svc.listarEstados(auth));
  r.authed(empresaApi.listarCidades, ({ auth, body }) => svc.listarCidades(auth, body.idEstado));
}
