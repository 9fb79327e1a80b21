import { usuarioApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { usuariosService } from './usuarios.service.js';

export function usuariosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = usuariosService(deps);
  r.authed(usuarioApi.listarUsuarios, ({ auth }) => svc.listarUsuarios(auth));
  r.authed(usuarioApi.listarPerfisUsuario, ({ auth }) => svc.listarPerfisUsuario(auth));
  r.authed(usuarioApi.salvarUsuario, ({ auth, body }) => svc.salvarUsuario(auth, body));
  r.authed(usuarioApi.buscarEditarUsuario, ({ auth, body }) => svc.buscarEditarUsuario(auth, body.idUsuario));
  r.authed(usuarioApi.alterarUsuario, ({ auth, body }) => svc.alterarUsuario(auth, body));
  r.authed(usuarioApi.excluirUsuario, ({ auth, body }) => svc.excluirUsuario(auth, body.usuario.id));
  r.authed(usuarioApi.buscarUsuario, ({ auth }) => svc.buscarUsuario(auth));
  r.authed(usuarioApi.alterarSenha, ({ auth, body }) => svc.alterarSenha(auth, body));
}
