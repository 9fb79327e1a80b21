import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Changes a schedule; in use, from the date 'A partir de' (a new version). */
export const alterarEscala = endpointApi(escalaApi.alterarEscala);
