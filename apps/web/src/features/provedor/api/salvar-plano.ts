import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarPlano = endpointApi(provedorApi.salvarPlano);
