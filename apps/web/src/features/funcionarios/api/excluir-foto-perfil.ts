import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Removes an employee's photo (the placeholder comes back). */
export const excluirFotoPerfil = endpointApi(funcionarioApi.excluirFotoPerfil);
