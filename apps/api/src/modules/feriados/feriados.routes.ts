import { feriadoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { feriadosService } from './feriados.service.js';

export function feriadosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = feriadosService(deps);
  r.authed(api.listarFeriados, ({ auth, body }) => svc.listarFeriados(auth, body.ano));
  r.authed(api.buscarFeriado, ({ auth, body }) => svc.buscarFeriado(auth, body.idFeriado));
  r.authed(api.salvarFeriado, ({ auth, body }) => svc.salvarFeriado(auth, body.feriado));
  r.authed(api.excluirFeriado, ({ auth, body }) => svc.excluirFeriado(auth, body.feriado.id));
  r.authed(api.copiarFeriados, ({ auth, body }) => svc.copiarFeriados(auth, body.anoDe, body.anoPara));
  r.authed(api.incluirFeriadosNacionais, ({ auth, body }) => svc.incluirFeriadosNacionais(auth, body));
  r.authed(api.listarEstados, ({ auth }) => svc.listarEstados(auth));
  r.authed(api.listarCidades, ({ auth, body }) => svc.listarCidades(auth, body.idEstado));
  r.authed(api.listarCentrosCustosFeriado, ({ auth }) => svc.listarCentrosCustosFeriado(auth));
}
