import { centroCustoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarCentroCusto = endpointApi(centroCustoApi.alterarCentroCusto);

export const excluirCentroCusto = endpointApi(centroCustoApi.excluirCentroCusto);

/** The companies of the Empresa selector. */
export const listarCnpjsCentroCusto = endpointApi(centroCustoApi.listarCnpjsCentroCusto);

export const listarDepartamentos = endpointApi(centroCustoApi.listarDepartamentos);

export const listarSecoes = endpointApi(centroCustoApi.listarSecoes);

export const listarSetores = endpointApi(centroCustoApi.listarSetores);

export const salvarDepartamento = endpointApi(centroCustoApi.salvarDepartamento);

export const salvarSetorSecao = endpointApi(centroCustoApi.salvarSetorSecao);
