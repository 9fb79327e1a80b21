import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Editar funcionário: data, status, situação, demission and cost centre. */
export const alterarFuncionario = endpointApi(funcionarioApi.alterarFuncionario);
