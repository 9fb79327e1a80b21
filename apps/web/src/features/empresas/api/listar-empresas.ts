import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The companies the user sees and the closing period (the Empresas table). */
export const listarEmpresas = endpointApi(empresaApi.listarEmpresas);
