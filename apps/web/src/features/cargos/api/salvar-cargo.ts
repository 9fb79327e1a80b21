import { cargoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Create (no id) or edit. */
export const salvarCargo = endpointApi(cargoApi.salvarCargo);
