import { relogioPontoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { relogioPontoService } from './relogio-ponto.service.js';

/** Relógio de Ponto (seed 001 §2.10, §7 'Time clocks'; codes 153–156). */
export function relogioPontoRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = relogioPontoService(deps);
  r.authed(api.listarRelogioPonto, ({ auth, body }) => svc.listar(auth, body.cnpj));
  r.authed(api.salvarRelogioPonto, ({ auth, body }) => svc.salvar(auth, body.relogioPonto, body.cnpj));
  r.authed(api.excluirRelogioPonto, ({ auth, body }) => svc.excluir(auth, body.relogioPonto.id, body.cnpj));
  r.authed(api.buscarToken, ({ auth }) => svc.buscarToken(auth));
  r.authed(api.tokenGerado, ({ auth }) => svc.buscarToken(auth));
  r.authed(api.gerarToken, ({ auth }) => svc.gerarToken(auth));
}
