import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarClientes = endpointApi(provedorApi.listarClientes);
