import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Novo funcionário: the employee with its first schedule and position. */
export const salvarFuncionario = endpointApi(funcionarioApi.salvarFuncionario);
