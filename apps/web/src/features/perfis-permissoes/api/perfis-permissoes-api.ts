import { perfilPermissaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirPerfil = endpointApi(perfilPermissaoApi.excluirPerfil);

export const listarMenuPerfis = endpointApi(perfilPermissaoApi.listarMenuPerfis);

export const salvarPerfil = endpointApi(perfilPermissaoApi.salvarPerfil);
