import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirCentroCusto = endpointApi(centroCustoApi.excluirCentroCusto);
