import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const suspenderCliente = endpointApi(provedorApi.suspenderCliente);
