import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const reativarCliente = endpointApi(provedorApi.reativarCliente);
