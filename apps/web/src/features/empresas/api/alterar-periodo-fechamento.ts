import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The main company's closing period. */
export const alterarPeriodoFechamento = endpointApi(empresaApi.alterarPeriodoFechamento);
