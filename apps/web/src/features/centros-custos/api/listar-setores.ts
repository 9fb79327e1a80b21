import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarSetores = endpointApi(centroCustoApi.listarSetores);
