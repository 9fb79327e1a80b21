import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirPlano = endpointApi(provedorApi.excluirPlano);
