import { afdApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { afdService, uploadDeJson, uploadDeV1 } from './afd.service.js';

/** Arquivo AFD (seed 002 §7, code 134): the clock's file in, a monitored request out. */
export function afdRoutes(r: EndpointRouter, deps: Deps): void {
  const s = afdService(deps);
  r.upload(api.enviarAfd, ({ auth, body, file }) => s.enviarAfd(auth, uploadDeJson(body.jsonRequisicao), file));
  r.upload(api.enviarAfdV1, ({ auth, body, file }) => s.enviarAfd(auth, uploadDeV1(body), file));
  r.authed(api.paginacao, ({ auth, body }) => s.paginacao(auth, body));
  r.authed(api.resultadoImportacao, ({ auth, body }) => s.resultado(auth, body.id));
  r.authed(api.listarMarcacoesSemFuncionario, ({ auth, body }) => s.marcacoesSemFuncionario(auth, body));
}
