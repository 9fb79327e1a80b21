import { calculoPontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarDatasPeriodoFechamento = endpointApi(calculoPontoApi.listarDatasPeriodoFechamento);
