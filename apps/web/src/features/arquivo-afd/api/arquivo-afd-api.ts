import { afdApi } from '@jornada/contracts';
import { endpointApi, uploadApi } from '../../../shared/endpoint';
export const enviarAfd = uploadApi(afdApi.enviarAfd);
export const resultadoImportacao = endpointApi(afdApi.resultadoImportacao);
export const listarMarcacoesSemFuncionario = endpointApi(afdApi.listarMarcacoesSemFuncionario);
