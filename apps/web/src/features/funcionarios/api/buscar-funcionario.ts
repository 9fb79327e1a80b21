import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** One employee with its company, histories and the company's cost centres (edit). */
export const buscarFuncionario = endpointApi(funcionarioApi.buscarFuncionario);
