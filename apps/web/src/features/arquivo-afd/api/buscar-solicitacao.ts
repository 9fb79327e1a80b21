import { solicitacaoDocumentoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const buscarSolicitacao = endpointApi(solicitacaoDocumentoApi.buscarSolicitacaoDocumento);
