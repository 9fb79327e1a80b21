import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The employee list, one page at a time (server paging). */
export const listarFuncionarios = endpointApi(funcionarioApi.listarFuncionarios);
