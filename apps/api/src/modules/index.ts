import type { Deps } from '../deps.js';
import type { EndpointRouter } from '../http/endpoint-route.js';
import { cargosRoutes } from './cargos/cargos.routes.js';
import { loginRoutes } from './login/login.routes.js';
import { noticiasRoutes } from './noticias/noticias.routes.js';
import { empresasRoutes } from './empresas/empresas.routes.js';
import { centrosCustosRoutes } from './centros-custos/centros-custos.routes.js';
import { justificativasRoutes } from './justificativas/justificativas.routes.js';
import { motivosAfastamentoRoutes } from './motivos-afastamento/motivos-afastamento.routes.js';
import { feriadosRoutes } from './feriados/feriados.routes.js';
import { logOperacoesRoutes } from './log-operacoes/log-operacoes.routes.js';
import { perfisRoutes } from './perfis/perfis.routes.js';
import { usuariosRoutes } from './usuarios/usuarios.routes.js';
import { clientesRoutes } from './clientes/clientes.routes.js';
import { autorizacaoSuporteRoutes } from './autorizacao-suporte/autorizacao-suporte.routes.js';
import { escalasRoutes } from './escalas/escalas.routes.js';
import { funcionariosRoutes } from './funcionarios/funcionarios.routes.js';
import { funcionarioPesquisaRoutes } from './funcionario-pesquisa/funcionario-pesquisa.routes.js';
import { funcionariosImportacaoRoutes } from './funcionarios-importacao/funcionarios-importacao.routes.js';
import { solicitacaoDocumentoRoutes } from './solicitacao-documento/solicitacao-documento.routes.js';
import { afdRoutes } from './afd/afd.routes.js';
import { calculoRoutes } from './calculo/calculo.routes.js';
import { controlePontoRoutes } from './controle-ponto/controle-ponto.routes.js';
import { relogioPontoRoutes } from './relogio-ponto/relogio-ponto.routes.js';
import { clienteAppRoutes } from './cliente-app/cliente-app.routes.js';
import { dispositivosRoutes } from './dispositivos/dispositivos.routes.js';
import { relogioPushRoutes } from './relogio-push/relogio-push.routes.js';
import { solicitacoesRoutes } from './solicitacoes/solicitacoes.routes.js';

/** One API module: binds its area's contracts to its service. */
export type ApiModule = (router: EndpointRouter, deps: Deps) => void;

/**
 * Every module of the API, in one registry (issue 8 §4); app.ts binds them
 * all. A test checks that together they bind every contract exactly once.
 * `npm run new:register` adds the line of a new module.
 */
export const API_MODULES: readonly ApiModule[] = [
  loginRoutes,
  cargosRoutes,
  noticiasRoutes,
  empresasRoutes,
  centrosCustosRoutes,
  justificativasRoutes,
  motivosAfastamentoRoutes,
  feriadosRoutes,
  logOperacoesRoutes,
  usuariosRoutes,
  perfisRoutes,
  clientesRoutes,
  autorizacaoSuporteRoutes,
  escalasRoutes,
  funcionariosRoutes,
  funcionarioPesquisaRoutes,
  funcionariosImportacaoRoutes,
  solicitacaoDocumentoRoutes,
  afdRoutes,
  calculoRoutes,
  controlePontoRoutes,
  relogioPontoRoutes,
  clienteAppRoutes,
  dispositivosRoutes,
  relogioPushRoutes,
  solicitacoesRoutes,
];
