import { loginApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const redefinirSenha = endpointApi(loginApi.redefinirSenha);
