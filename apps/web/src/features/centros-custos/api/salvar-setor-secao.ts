import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarSetorSecao = endpointApi(centroCustoApi.salvarSetorSecao);
