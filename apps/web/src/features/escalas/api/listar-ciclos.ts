import { escalaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The rotation cycle lists (descrição, quantidade). */
export const listarCiclos = endpointApi(escalaApi.listarCiclos);
