import { centroCustoApi, empresaApi, funcionarioPesquisaApi as api } from '@jornada/contracts';
import { endpointApi } from '../../shared/endpoint';

/** The caller's companies (code 0, limited to the user's scope). */
export const listarEmpresasFiltro = endpointApi(empresaApi.listarCnpjs);
/** The cost centres of a company the caller may use, every level. */
export const listarCentrosCustosFiltro = endpointApi(centroCustoApi.listarCentrosCustosUsuario);
/** The schedules, for the employee-and-schedule filter. */
export const listarContratosFiltro = endpointApi(api.listarContratos);
export const buscarFuncionarios = endpointApi(api.buscarFuncionarios);
export const buscarFuncionariosCrachaNome = endpointApi(api.buscarFuncionariosCrachaNome);
export const buscarFuncionariosContrato = endpointApi(api.buscarFuncionariosContrato);
export const buscarFuncionariosContratoCrachaNome = endpointApi(api.buscarFuncionariosContratoCrachaNome);
