import { logOperacaoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const listarUsuariosLog = endpointApi(logOperacaoApi.listarUsuariosLog);

export const pesquisarLogOperacoes = endpointApi(logOperacaoApi.pesquisarLogOperacoes);
