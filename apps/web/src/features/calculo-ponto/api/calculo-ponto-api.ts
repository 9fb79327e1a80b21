import { calculoPontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const calcularFlexivel = endpointApi(calculoPontoApi.calcularFlexivel);

export const calcular = endpointApi(calculoPontoApi.calcular);

export const listarDatasPeriodoFechamento = endpointApi(calculoPontoApi.listarDatasPeriodoFechamento);

export const progressoCalculo = endpointApi(calculoPontoApi.progresso);
