import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarCentroCusto = endpointApi(centroCustoApi.alterarCentroCusto);
