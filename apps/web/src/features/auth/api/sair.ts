import { loginApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Revokes the token on the server; the caller clears the browser whatever the answer. */
export const sair = endpointApi(loginApi.logout);
