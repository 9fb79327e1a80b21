import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The cycles of one list. */
export const detalhesCiclos = endpointApi(escalaApi.detalhesCiclos);
