import { autorizacaoSuporteApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const atualizarRefAcesso = endpointApi(autorizacaoSuporteApi.atualizarRefAcesso);
