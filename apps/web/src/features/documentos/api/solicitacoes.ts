import { empresaApi, solicitacaoDocumentoApi as api } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarSolicitacoes = endpointApi(api.listarSolicitacoesDocumento);
export const listarSolicitacoesPorIds = endpointApi(api.listarSolicitacoesPorIds);
export const buscarSolicitacao = endpointApi(api.buscarSolicitacaoDocumento);
/** The caller's companies (code 0, the user's scope). */
export const listarEmpresasHistorico = endpointApi(empresaApi.listarCnpjs);
