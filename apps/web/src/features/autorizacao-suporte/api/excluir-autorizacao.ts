import { autorizacaoSuporteApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const excluirAutorizacaoSuporte = endpointApi(autorizacaoSuporteApi.excluirAutorizacaoSuporte);
