import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Saves an employee's photo. */
export const alterarFotoPerfil = endpointApi(funcionarioApi.alterarFotoPerfil);
