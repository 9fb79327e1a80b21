import { logOperacaoApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { logOperacoesService } from './log-operacoes.service.js';

export function logOperacoesRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = logOperacoesService(deps);
  r.authed(logOperacaoApi.pesquisarLogOperacoes, ({ auth, body }) => svc.pesquisarLogOperacoes(auth, body));
  r.authed(logOperacaoApi.listarUsuariosLog, ({ auth }) => svc.listarUsuariosLog(auth));
}
