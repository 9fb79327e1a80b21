import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The activation day of an employee awaiting activation. */
export const alterarDataAtivacao = endpointApi(funcionarioApi.alterarDataAtivacao);
