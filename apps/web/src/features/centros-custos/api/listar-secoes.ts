import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarSecoes = endpointApi(centroCustoApi.listarSecoes);
