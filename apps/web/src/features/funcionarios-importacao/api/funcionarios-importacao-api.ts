import { funcionarioImportacaoApi } from '@jornada/contracts';
import { endpointApi, uploadApi } from '../../../shared/endpoint';

export const listarCnpjsCliente = endpointApi(funcionarioImportacaoApi.listarCnpjsCliente);

export const processarImportacaoCliente = uploadApi(funcionarioImportacaoApi.processarCliente);

export const processarImportacao = uploadApi(funcionarioImportacaoApi.processar);

export const salvarImportacaoCliente = endpointApi(funcionarioImportacaoApi.salvarCliente);

export const salvarImportacao = endpointApi(funcionarioImportacaoApi.salvar);
