import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirUsuario = endpointApi(usuarioApi.excluirUsuario);
