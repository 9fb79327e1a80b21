import { clienteAppApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { empresasService } from '../empresas/empresas.service.js';
import { clienteAppService } from './cliente-app.service.js';

/** Cliente App (seed 001 §2.9, §7 'App users'; codes 142–144). */
export function clienteAppRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = clienteAppService(deps);
  const empresas = empresasService(deps);
  r.authed(api.listarUsuariosApp, ({ auth, body }) => svc.listar(auth, body.dispositivo));
  // The companies offered are the caller's, as every company picker.
  r.authed(api.listarCnpjsApp, ({ auth }) => empresas.listarCnpjs(auth));
  r.authed(api.criarUsuarioDesktop, ({ auth, body }) => svc.criarDesktop(auth, body));
  r.authed(api.criarUsuarioMobile, ({ auth, body }) => svc.criarMobile(auth, body));
  r.authed(api.gerarSenhaCodigo, ({ auth, body }) => svc.gerarSenhaCodigo(auth, body.usuario.id));
  r.authed(api.excluirUsuarioApp, ({ auth, body }) => svc.excluir(auth, body.usuario.id));
}
