import { controlePontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarControlePonto = endpointApi(controlePontoApi.listar);
