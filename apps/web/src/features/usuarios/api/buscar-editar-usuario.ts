import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const buscarEditarUsuario = endpointApi(usuarioApi.buscarEditarUsuario);
