import { calculoPontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const calcular = endpointApi(calculoPontoApi.calcular);
