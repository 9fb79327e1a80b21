import { cargoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirCargo = endpointApi(cargoApi.excluirCargo);

/** Create (no id) or edit. */
export const salvarCargo = endpointApi(cargoApi.salvarCargo);
