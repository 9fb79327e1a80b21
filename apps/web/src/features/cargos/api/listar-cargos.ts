import { cargoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The whole list: the API answers every cargo and the screen filters and pages it in the browser. */
export const listarCargos = endpointApi(cargoApi.listarCargos);
