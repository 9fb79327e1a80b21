import { loginApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const validarToken = endpointApi(loginApi.validarToken);
