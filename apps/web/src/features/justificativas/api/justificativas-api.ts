import { justificativaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The whole list: the screen filters and pages it in the browser. */
export const listarJustificativas = endpointApi(justificativaApi.listarJustificativas);
/** Create (no id) or edit. */
export const salvarJustificativa = endpointApi(justificativaApi.salvarJustificativa);
export const excluirJustificativa = endpointApi(justificativaApi.excluirJustificativa);
