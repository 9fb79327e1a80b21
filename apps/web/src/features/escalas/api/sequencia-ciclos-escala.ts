import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The sequence of work and off days of a cycle list, for the preview. */
export const sequenciaCiclosEscala = endpointApi(escalaApi.sequenciaCiclosEscala);
