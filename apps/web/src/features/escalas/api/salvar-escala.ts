import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Creates a schedule. */
export const salvarEscala = endpointApi(escalaApi.salvarEscala);
