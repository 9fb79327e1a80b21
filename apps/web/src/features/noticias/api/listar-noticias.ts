import { noticiasApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarNoticias = endpointApi(noticiasApi.listarNoticias);
