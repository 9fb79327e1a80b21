import { perfilPermissaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarMenuPerfis = endpointApi(perfilPermissaoApi.listarMenuPerfis);
