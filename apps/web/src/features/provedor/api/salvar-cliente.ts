import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarCliente = endpointApi(provedorApi.salvarCliente);
