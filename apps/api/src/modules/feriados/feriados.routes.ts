import { feriadoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { feriadosService } from './feriados.service.js';

export function feriadosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = feriadosService(deps);
  r.authed(api.listarFeriados, ({ auth, body }) => svc.list(auth, body.ano));
  r.authed(api.buscarFeriado, ({ auth, body }) => svc.get(auth, body.idFeriado));
  r.authed(api.salvarFeriado, ({ auth, body }) => svc.save(auth, body.feriado));
  r.authed(api.excluirFeriado, ({ auth, body }) => svc.remove(auth, body.feriado.id));
  r.authed(api.copiarFeriados, ({ auth, body }) => svc.copiarFeriados(auth, body.anoDe, body.anoPara));
  r.authed(api.incluirFeriadosNacionais, ({ auth, body }) => svc.incluirFeriadosNacionais(auth, body));
  r.authed(api.listarEstados, ({ auth }) => svc.listarEstados(auth));
  r.authed(api.listarCidades, ({ auth, body }) => svc.listarCidades(auth, body.idEstado));
  r.authed(api.listarCentrosCustosFeriado, ({ auth }) => svc.listarCentrosCustosFeriado(auth));
}
