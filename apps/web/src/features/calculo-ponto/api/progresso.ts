import { calculoPontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const progressoCalculo = endpointApi(calculoPontoApi.progresso);
