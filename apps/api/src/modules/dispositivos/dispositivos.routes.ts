import { dispositivoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { dispositivosService } from './dispositivos.service.js';

/** Marcação Online (seed 001 §2.11, §7 'Online punch devices'; code 160). */
export function dispositivosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = dispositivosService(deps);
  r.authed(api.salvarDispositivos, ({ auth, body }) => svc.salvar(auth, body.dispositivoRequest));
  r.authed(api.listarDispositivos, ({ auth, body }) => svc.listar(auth, body));
  r.authed(api.gerarCodigoAtivacao, ({ auth, body }) => svc.gerarCodigoAtivacao(auth, body.idDispositivo));
  r.authed(api.gerarCodigoRecuperarSenha, ({ auth, body }) => svc.gerarCodigoRecuperarSenha(auth, body.idDispositivo));
  r.authed(api.atualizarPermissoes, ({ auth, body }) =>
    svc.atualizarPermissoes(auth, body.dispositivoRequest.idDispositivo, body.dispositivoRequest.permissoes),
  );
  r.authed(api.excluirDispositivo, ({ auth, body }) => svc.excluir(auth, body.idDispositivo));
  r.authed(api.buscarQuantidade, ({ auth }) => svc.quantidade(auth));
}
