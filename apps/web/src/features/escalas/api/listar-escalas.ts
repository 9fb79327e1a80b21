import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The schedules (id, descrição, tipo): the API answers them all and the list filters and pages them. */
export const listarEscalas = endpointApi(escalaApi.listarEscalas);
