import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The IBGE cities of a state (GET, the state in the path). */
export const listarCidades = endpointApi(empresaApi.listarCidades);
