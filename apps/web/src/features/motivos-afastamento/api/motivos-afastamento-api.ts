import { motivoAfastamentoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The whole list: the screen filters and pages it in the browser. */
export const listarMotivosAfastamento = endpointApi(motivoAfastamentoApi.listarMotivosAfastamento);
/** Create (no id) or edit. */
export const salvarMotivoAfastamento = endpointApi(motivoAfastamentoApi.salvarMotivoAfastamento);
export const excluirMotivoAfastamento = endpointApi(motivoAfastamentoApi.excluirMotivoAfastamento);
