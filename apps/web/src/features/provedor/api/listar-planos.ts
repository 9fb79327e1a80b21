import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarPlanos = endpointApi(provedorApi.listarPlanos);
