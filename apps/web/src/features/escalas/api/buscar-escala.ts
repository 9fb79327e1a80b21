import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** One schedule's latest version, whether employees use it (temHistorico) and its versions. */
export const buscarEscala = endpointApi(escalaApi.buscarEscala);
