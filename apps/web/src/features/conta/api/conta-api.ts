import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarSenha = endpointApi(usuarioApi.alterarSenha);

export const buscarUsuario = endpointApi(usuarioApi.buscarUsuario);
