import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const buscarUsuario = endpointApi(usuarioApi.buscarUsuario);
