import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarCnpjs = endpointApi(empresaApi.listarCnpjs);
