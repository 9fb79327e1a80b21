import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarUsuario = endpointApi(usuarioApi.salvarUsuario);
