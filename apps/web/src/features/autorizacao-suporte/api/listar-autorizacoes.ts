import { autorizacaoSuporteApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarAutorizacoesSuporte = endpointApi(autorizacaoSuporteApi.listarAutorizacoesSuporte);
