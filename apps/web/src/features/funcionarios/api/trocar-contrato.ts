import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Schedule history: a new schedule from a date. */
export const trocarContrato = endpointApi(funcionarioApi.trocarContrato);
