import type { FastifyRequest } from 'fastify';
import { loginApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { clientAddress } from '../../http/request-guards.js';
import { loginService, type ClientInfo } from './login.service.js';

const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: clientAddress(req),
  userAgent: String(req.headers['user-agent'] ?? ''),
});

export function loginRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = loginService(deps);
  r.public(loginApi.autUsuario, ({ body, req }) => svc.autUsuario(body, clientInfo(req)));
  r.public(loginApi.validarToken, ({ body, req }) => svc.validarToken(body, clientInfo(req)));
  r.public(loginApi.solicitarRedefinirSenha, ({ body }) => svc.solicitarRedefinirSenha(body));
  r.public(loginApi.redefinirSenha, ({ body }) => svc.redefinirSenha(body));
  r.authed(loginApi.sair, ({ auth }) => svc.sair(auth));
}
