import { logOperacaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const pesquisarLogOperacoes = endpointApi(logOperacaoApi.pesquisarLogOperacoes);
