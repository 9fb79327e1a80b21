import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** A company with its address, the states and the cities of its state (edit form). */
export const buscarCnpj = endpointApi(empresaApi.buscarCnpj);
