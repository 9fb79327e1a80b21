import { usuarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarUsuario = endpointApi(usuarioApi.alterarUsuario);

export const buscarEditarUsuario = endpointApi(usuarioApi.buscarEditarUsuario);

export const excluirUsuario = endpointApi(usuarioApi.excluirUsuario);

/** The 'Novo Usuário' profile dropdown (the first is the default). */
export const listarPerfisUsuario = endpointApi(usuarioApi.listarPerfisUsuario);

export const listarUsuarios = endpointApi(usuarioApi.listarUsuarios);

export const salvarUsuario = endpointApi(usuarioApi.salvarUsuario);
