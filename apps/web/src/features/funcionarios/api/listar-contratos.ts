import { funcionarioPesquisaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The tenant's schedules (the schedule picker dialog). */
export const listarContratos = endpointApi(funcionarioPesquisaApi.listarContratos);
