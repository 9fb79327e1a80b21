import { solicitacaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Solicitações (route 165): one page of a company's requests of a month, by status. */
export const pesquisarSolicitacoes = endpointApi(solicitacaoApi.pesquisar);
