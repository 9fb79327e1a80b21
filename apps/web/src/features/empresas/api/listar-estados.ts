import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The IBGE states (new company form). */
export const listarEstados = endpointApi(empresaApi.listarEstados);
