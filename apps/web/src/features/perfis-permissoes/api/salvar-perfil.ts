import { perfilPermissaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarPerfil = endpointApi(perfilPermissaoApi.salvarPerfil);
