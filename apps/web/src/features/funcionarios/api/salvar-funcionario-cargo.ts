import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Position history: a new position from a date, or the current entry's position. */
export const salvarFuncionarioCargo = endpointApi(funcionarioApi.salvarFuncionarioCargo);
