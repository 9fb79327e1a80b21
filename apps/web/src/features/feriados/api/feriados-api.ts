import { feriadoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** One year's holidays; the screen filters and pages them in the browser. */
export const listarFeriados = endpointApi(feriadoApi.listarFeriados);
/** Create (no id) or edit; exceptions only with 152. */
export const salvarFeriado = endpointApi(feriadoApi.salvarFeriado);
export const excluirFeriado = endpointApi(feriadoApi.excluirFeriado);
export const copiarFeriados = endpointApi(feriadoApi.copiarFeriados);
export const incluirFeriadosNacionais = endpointApi(feriadoApi.incluirFeriadosNacionais);
export const listarEstados = endpointApi(feriadoApi.listarEstados);
export const listarCidades = endpointApi(feriadoApi.listarCidades);
/** The cost centres of the caller's scope (scope 4 and the exceptions). */
export const listarCentrosCustos = endpointApi(feriadoApi.listarCentrosCustosFeriado);
