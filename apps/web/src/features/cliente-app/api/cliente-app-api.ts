import { clienteAppApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarUsuariosApp = endpointApi(clienteAppApi.listarUsuariosApp);
export const listarCnpjsApp = endpointApi(clienteAppApi.listarCnpjsApp);
export const criarUsuarioDesktop = endpointApi(clienteAppApi.criarUsuarioDesktop);
export const criarUsuarioMobile = endpointApi(clienteAppApi.criarUsuarioMobile);
export const gerarSenhaCodigo = endpointApi(clienteAppApi.gerarSenhaCodigo);
export const excluirUsuarioApp = endpointApi(clienteAppApi.excluirUsuarioApp);
