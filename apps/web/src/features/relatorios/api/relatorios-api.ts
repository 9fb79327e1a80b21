import { solicitacaoDocumentoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** A report through the document queue (seed 002 §7): answers the request the screen then monitors. */
export const criarSolicitacaoDocumento = endpointApi(solicitacaoDocumentoApi.criarSolicitacaoDocumento);
