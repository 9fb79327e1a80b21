import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarDepartamento = endpointApi(centroCustoApi.salvarDepartamento);
