import type { Endpoint } from './endpoint.js';
import * as cargoApi from './api/cargo.js';
import * as loginApi from './api/login.js';
import * as noticiaApi from './api/noticia.js';
import * as empresaApi from './api/empresa.js';
import * as centroCustoApi from './api/centro-custo.js';
import * as provedorApi from './api/provedor.js';
import * as autorizacaoSuporteApi from './api/autorizacao-suporte.js';
import * as justificativaApi from './api/justificativa.js';
import * as motivoAfastamentoApi from './api/motivo-afastamento.js';
import * as feriadoApi from './api/feriado.js';
import * as logOperacaoApi from './api/log-operacao.js';
import * as usuarioApi from './api/usuario.js';
import * as perfilPermissaoApi from './api/perfil-permissao.js';
import * as escalaApi from './api/escala.js';
import * as funcionarioApi from './api/funcionario.js';
import * as funcionarioPesquisaApi from './api/funcionario-pesquisa.js';
import * as funcionarioImportacaoApi from './api/funcionario-importacao.js';
import * as solicitacaoDocumentoApi from './api/solicitacao-documento.js';
import * as afdApi from './api/afd.js';
import * as calculoPontoApi from './api/calculo-ponto.js';
import * as controlePontoApi from './api/controle-ponto.js';
import * as relogioPontoApi from './api/relogio-ponto.js';
import * as clienteAppApi from './api/cliente-app.js';
import * as dispositivoApi from './api/dispositivo.js';
import * as monitoramentoPushApi from './api/monitoramento-push.js';
import * as solicitacaoApi from './api/solicitacao.js';

/**
 * Every API area's contracts, in one registry (issue 8 §4). The server must
 * bind each endpoint exactly once and the generated wall suite walks this
 * list, so an area added here can never be skipped by either. `npm run
 * new:register` adds the line of a new area.
 */
export const API_AREAS = {
  login: loginApi,
  cargo: cargoApi,
  noticia: noticiaApi,
  empresa: empresaApi,
  centroCusto: centroCustoApi,
  provedor: provedorApi,
  autorizacaoSuporte: autorizacaoSuporteApi,
  justificativa: justificativaApi,
  motivoAfastamento: motivoAfastamentoApi,
  feriado: feriadoApi,
  logOperacao: logOperacaoApi,
  usuario: usuarioApi,
  perfilPermissao: perfilPermissaoApi,
  escala: escalaApi,
  funcionario: funcionarioApi,
  funcionarioPesquisa: funcionarioPesquisaApi,
  funcionarioImportacao: funcionarioImportacaoApi,
  solicitacaoDocumento: solicitacaoDocumentoApi,
  afd: afdApi,
  calculoPonto: calculoPontoApi,
  controlePonto: controlePontoApi,
  relogioPonto: relogioPontoApi,
  clienteApp: clienteAppApi,
  dispositivo: dispositivoApi,
  monitoramentoPush: monitoramentoPushApi,
  solicitacao: solicitacaoApi,
} as const;

export const isEndpoint = (e: unknown): e is Endpoint =>
  typeof e === 'object' && e !== null && 'path' in e && 'method' in e && 'permission' in e && 'response' in e;

/** Every endpoint of every area. */
export function allEndpoints(): Endpoint[] {
  return Object.values(API_AREAS).flatMap((area) => (Object.values(area) as unknown[]).filter(isEndpoint));
}
