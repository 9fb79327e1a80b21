import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Creates a cycle list. */
export const salvarCiclos = endpointApi(escalaApi.salvarCiclos);
