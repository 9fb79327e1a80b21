import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The absence reasons (the edit's situação). */
export const listarMotivosAfastamento = endpointApi(funcionarioApi.listarMotivosAfastamentoFuncionario);
