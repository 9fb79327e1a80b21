import { empresaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The main company's closing period. */
export const alterarPeriodoFechamento = endpointApi(empresaApi.alterarPeriodoFechamento);

/** A company with its address, the states and the cities of its state (edit form). */
export const buscarCnpj = endpointApi(empresaApi.buscarCnpj);

/** The IBGE cities of a state (GET, the state in the path). */
export const listarCidades = endpointApi(empresaApi.listarCidades);

/** The companies the user sees and the closing period (the Empresas table). */
export const listarEmpresas = endpointApi(empresaApi.listarEmpresas);

/** The IBGE states (new company form). */
export const listarEstados = endpointApi(empresaApi.listarEstados);

/** Create (no id) or edit a company with its address. */
export const salvarCnpj = endpointApi(empresaApi.salvarCnpj);
