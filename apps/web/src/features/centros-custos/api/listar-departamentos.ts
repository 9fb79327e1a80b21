import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarDepartamentos = endpointApi(centroCustoApi.listarDepartamentos);
