import { cargoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The positions (form and position history). */
export const listarCargos = endpointApi(cargoApi.listarCargos);
