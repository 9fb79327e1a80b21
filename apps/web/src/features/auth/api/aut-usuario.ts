import { loginApi, type BodyOf } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export type LoginBody = BodyOf<typeof loginApi.autUsuario>;

export const autUsuario = endpointApi(loginApi.autUsuario);
