import { autorizacaoSuporteApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirAutorizacaoSuporte = endpointApi(autorizacaoSuporteApi.excluirAutorizacaoSuporte);

export const listarAutorizacoesSuporte = endpointApi(autorizacaoSuporteApi.listarAutorizacoesSuporte);

export const salvarAutorizacaoSuporte = endpointApi(autorizacaoSuporteApi.salvarAutorizacaoSuporte);
