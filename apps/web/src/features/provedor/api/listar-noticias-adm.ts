import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarNoticiasAdm = endpointApi(provedorApi.listarNoticiasAdm);
