import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Create (no id) or edit a company with its address. */
export const salvarCnpj = endpointApi(empresaApi.salvarCnpj);
