import { calculoPontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const calcularFlexivel = endpointApi(calculoPontoApi.calcularFlexivel);
