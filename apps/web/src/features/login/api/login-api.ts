import { loginApi, type BodyOf } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export type LoginBody = BodyOf<typeof loginApi.autUsuario>;

export const autUsuario = endpointApi(loginApi.autUsuario);

export const redefinirSenha = endpointApi(loginApi.redefinirSenha);

/** Revokes the token on the server; the caller clears the browser whatever the answer. */
export const sair = endpointApi(loginApi.sair);

export const solicitarRedefinirSenha = endpointApi(loginApi.solicitarRedefinirSenha);

export const validarToken = endpointApi(loginApi.validarToken);
