import { relogioPontoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** A company's clocks: the screen filters and pages them in the browser. */
export const listarRelogioPonto = endpointApi(relogioPontoApi.listarRelogioPonto);
/** Create (no id) or edit. */
export const salvarRelogioPonto = endpointApi(relogioPontoApi.salvarRelogioPonto);
export const excluirRelogioPonto = endpointApi(relogioPontoApi.excluirRelogioPonto);
export const buscarTokenRelogio = endpointApi(relogioPontoApi.buscarToken);
export const gerarTokenRelogio = endpointApi(relogioPontoApi.gerarToken);
