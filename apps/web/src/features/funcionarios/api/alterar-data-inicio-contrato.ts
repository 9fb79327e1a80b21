import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Schedule history: the current entry's start date. */
export const alterarDataInicioContrato = endpointApi(funcionarioApi.alterarDataInicioContrato);
