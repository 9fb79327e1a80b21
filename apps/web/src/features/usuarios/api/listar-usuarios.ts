import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarUsuarios = endpointApi(usuarioApi.listarUsuarios);
