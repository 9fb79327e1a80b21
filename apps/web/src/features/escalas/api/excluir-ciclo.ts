import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Deletes a cycle list (saved schedules keep their copy of its cycles). */
export const excluirCiclo = endpointApi(escalaApi.excluirCiclo);
