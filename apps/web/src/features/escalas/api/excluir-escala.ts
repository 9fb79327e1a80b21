import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Deletes a schedule no employee uses (the server refuses otherwise, with its reason). */
export const excluirEscala = endpointApi(escalaApi.excluirEscala);
