import { autorizacaoSuporteApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { autorizacaoSuporteService } from './autorizacao-suporte.service.js';

/** The customer's calls; atualizar-ref-acesso is the provider's and lives in the clientes module. */
export function autorizacaoSuporteRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = autorizacaoSuporteService(deps);
  r.authed(api.salvarAutorizacaoSuporte, ({ auth }) => svc.salvarAutorizacaoSuporte(auth));
  r.authed(api.excluirAutorizacaoSuporte, ({ auth, body }) =>
    svc.excluirAutorizacaoSuporte(auth, body.autorizacaoSuporte.id),
  );
  r.authed(api.listarAutorizacoesSuporte, ({ auth, body }) => svc.listarAutorizacoesSuporte(auth, body));
}
