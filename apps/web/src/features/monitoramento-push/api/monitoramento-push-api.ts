import { monitoramentoPushApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** A company's Push clocks with the service's state: the screen filters and pages them in the browser. */
export const listarMonitoramento = endpointApi(monitoramentoPushApi.listarMonitoramento);
/** One clock as it is now: the NSR dialog edits the number read here, not the list's copy. */
export const buscarMonitoramento = endpointApi(monitoramentoPushApi.buscarMonitoramento);
export const atualizarNsr = endpointApi(monitoramentoPushApi.atualizarNsr);
export const ativarMonitoramento = endpointApi(monitoramentoPushApi.ativarMonitoramento);
export const desativarMonitoramento = endpointApi(monitoramentoPushApi.desativarMonitoramento);
export const sincronizarTodos = endpointApi(monitoramentoPushApi.sincronizarTodos);
export const sincronizarSelecionados = endpointApi(monitoramentoPushApi.sincronizarSelecionados);
export const importarImagens = endpointApi(monitoramentoPushApi.importarImagens);
/** Equipamentos não cadastrados (decision 0084): the tenant's devices whose deviceId no clock has. */
export const listarDesconhecidos = endpointApi(monitoramentoPushApi.listarDesconhecidos);
export const vincularDesconhecido = endpointApi(monitoramentoPushApi.vincularDesconhecido);
export const descartarDesconhecido = endpointApi(monitoramentoPushApi.descartarDesconhecido);
