import { autorizacaoSuporteApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarAutorizacaoSuporte = endpointApi(autorizacaoSuporteApi.salvarAutorizacaoSuporte);
