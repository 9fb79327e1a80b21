import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarUsuario = endpointApi(usuarioApi.alterarUsuario);
