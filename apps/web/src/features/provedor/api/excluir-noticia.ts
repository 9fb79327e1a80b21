import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirNoticia = endpointApi(provedorApi.excluirNoticia);
