import { provedorApi, autorizacaoSuporteApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarPlanoCliente = endpointApi(provedorApi.alterarPlanoCliente);

export const atualizarRefAcesso = endpointApi(autorizacaoSuporteApi.atualizarRefAcesso);

export const excluirNoticia = endpointApi(provedorApi.excluirNoticia);

export const excluirPlano = endpointApi(provedorApi.excluirPlano);

export const listarNoticiasAdm = endpointApi(provedorApi.listarNoticiasAdm);

export const listarPlanos = endpointApi(provedorApi.listarPlanos);

export const reativarCliente = endpointApi(provedorApi.reativarCliente);

export const relatorioUsoPlanos = endpointApi(provedorApi.relatorioUsoPlanos);

export const salvarCliente = endpointApi(provedorApi.salvarCliente);

export const salvarNoticia = endpointApi(provedorApi.salvarNoticia);

export const salvarPlano = endpointApi(provedorApi.salvarPlano);

export const suspenderCliente = endpointApi(provedorApi.suspenderCliente);
