import { perfilPermissaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirPerfil = endpointApi(perfilPermissaoApi.excluirPerfil);
