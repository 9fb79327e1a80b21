import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** A company's cost centres in the user's scope (filter and form). */
export const listarCentrosCustos = endpointApi(centroCustoApi.listarCentrosCustosUsuario);
