import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** An employee's absence history (the lazy tab). */
export const listarHistoricoAfastamentos = endpointApi(funcionarioApi.listarHistoricoAfastamentos);
