import { dispositivoApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const salvarDispositivos = endpointApi(dispositivoApi.salvarDispositivos);
export const listarDispositivos = endpointApi(dispositivoApi.listarDispositivos);
export const gerarCodigoAtivacao = endpointApi(dispositivoApi.gerarCodigoAtivacao);
export const gerarCodigoRecuperarSenha = endpointApi(dispositivoApi.gerarCodigoRecuperarSenha);
export const atualizarPermissoes = endpointApi(dispositivoApi.atualizarPermissoes);
export const excluirDispositivo = endpointApi(dispositivoApi.excluirDispositivo);
