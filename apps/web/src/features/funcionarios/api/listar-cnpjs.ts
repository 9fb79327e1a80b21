import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The companies the user sees (the Empresa selectors). */
export const listarCnpjs = endpointApi(empresaApi.listarCnpjs);
