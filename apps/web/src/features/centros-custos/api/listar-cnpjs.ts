import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The companies of the Empresa selector. */
export const listarCnpjsCentroCusto = endpointApi(centroCustoApi.listarCnpjsCentroCusto);
