import {
  cargoApi,
  centroCustoApi,
  empresaApi,
  funcionarioPesquisaApi,
  provedorApi,
  solicitacaoDocumentoApi,
} from '@jornada/contracts';
import { endpointApi } from './endpoint';

/**
 * Reads that several screens make (pickers, filters, a queued job's progress). They are wrapped once here so
 * every screen shares one query key and one cache entry; a feature's own `<area>-api.ts` holds only its calls.
 */

/** The caller's companies (code 0, limited to the user's scope). */
export const listarCnpjs = endpointApi(empresaApi.listarCnpjs);
/** The whole list of positions: small, the screens filter it in the browser. */
export const listarCargos = endpointApi(cargoApi.listarCargos);
/** The cost centres of a company the caller may use, every level. */
export const listarCentrosCustosUsuario = endpointApi(centroCustoApi.listarCentrosCustosUsuario);
/** The schedules, for the employee-and-schedule filters. */
export const listarContratos = endpointApi(funcionarioPesquisaApi.listarContratos);
/** The provider's customers (99999 screens). */
export const listarClientes = endpointApi(provedorApi.listarClientes);
/** One queued request (report, document, import) with its progress. */
export const buscarSolicitacao = endpointApi(solicitacaoDocumentoApi.buscarSolicitacaoDocumento);
