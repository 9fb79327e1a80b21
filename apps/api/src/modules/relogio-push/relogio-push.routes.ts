import { monitoramentoPushApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { equipamentosDesconhecidosService } from './equipamentos-desconhecidos.service.js';
import { monitoramentoPushService } from './monitoramento-push.service.js';

/**
 * Monitoramento Serviço Push (seed 001 §2.12, §7; codes 173/174), with its unknown devices (decision 0084). The
 * devices' own routes: dispositivo-push.routes.ts.
 */
export function relogioPushRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = monitoramentoPushService(deps);
  const desconhecidos = equipamentosDesconhecidosService(deps);
  r.authed(api.listarMonitoramento, ({ auth, body }) => svc.listar(auth, body.idCnpj));
  r.authed(api.buscarMonitoramento, ({ auth, body }) => svc.buscar(auth, body.id));
  r.authed(api.atualizarNsr, ({ auth, body }) => svc.atualizarNsr(auth, body.id, body.nsr));
  r.authed(api.ativarMonitoramento, ({ auth, body }) => svc.monitorar(auth, body.id, true));
  r.authed(api.desativarMonitoramento, ({ auth, body }) => svc.monitorar(auth, body.id, false));
  r.authed(api.sincronizarTodos, ({ auth, body }) => svc.sincronizarTodos(auth, body.cnpj));
  r.authed(api.sincronizarSelecionados, ({ auth, body }) =>
    svc.sincronizarSelecionados(auth, body.relogiosSelecionados, body.cnpj),
  );
  r.authed(api.importarImagens, ({ auth, body }) => svc.importarImagens(auth, body.relogioPonto, body.cnpj));
  r.authed(api.listarDesconhecidos, ({ auth }) => desconhecidos.listar(auth));
  r.authed(api.vincularDesconhecido, ({ auth, body }) => desconhecidos.vincular(auth, body.deviceId, body.idRelogio));
  r.authed(api.descartarDesconhecido, ({ auth, body }) => desconhecidos.descartar(auth, body.deviceId));
}
