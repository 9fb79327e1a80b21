import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarNoticia = endpointApi(provedorApi.salvarNoticia);
