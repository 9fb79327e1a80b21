import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const relatorioUsoPlanos = endpointApi(provedorApi.relatorioUsoPlanos);
