import { loginApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const solicitarRedefinirSenha = endpointApi(loginApi.solicitarRedefinirSenha);
