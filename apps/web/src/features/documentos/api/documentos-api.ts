import { solicitacaoDocumentoApi as api } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarSolicitacoes = endpointApi(api.listarSolicitacoesDocumento);
export const listarSolicitacoesPorIds = endpointApi(api.listarSolicitacoesPorIds);
