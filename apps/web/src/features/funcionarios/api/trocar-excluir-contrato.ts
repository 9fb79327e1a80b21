import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Schedule history: change the current entry's schedule, or delete the entry. */
export const trocarExcluirContrato = endpointApi(funcionarioApi.trocarExcluirContrato);
