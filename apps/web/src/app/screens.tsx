import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PrivateRoutePath } from '@jornada/contracts';
import { HomePage } from './pages/home-page';

/** A route whose screen is not built yet: it shows the 'em construção' page, so the menu has no dead link. */
export const PENDING = 'em construção';

/** A screen loaded on first visit, so the first paint does not carry seventy screens. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { load: () => Promise<ComponentType> };

export type ScreenEntry = ComponentType | LazyScreen | typeof PENDING;

function lazyScreen<M>(importer: () => Promise<M>, pick: (m: M) => ComponentType): LazyScreen {
  const load = () => importer().then(pick);
  return Object.assign(
    lazy(() => load().then((c) => ({ default: c }))),
    { load },
  );
}

/**
 * Every private route of the contracts' table (routes.ts) and its screen. The
 * type demands one entry per path, so a route added to the table does not
 * compile until it gets a screen or is marked PENDING; app/screens.test.ts
 * checks the same at run time.
 */
export const SCREENS: { readonly [P in PrivateRoutePath]: ScreenEntry } = {
  '/': HomeScreen,
  '/cadastros/empresas': lazyScreen(
    () => import('../features/empresas/components/empresas-page'),
    (m) => m.EmpresasPage,
  ),
  '/cadastros/empresas/nova': lazyScreen(
    () => import('../features/empresas/components/empresa-form-page'),
    (m) => m.EmpresaFormPage,
  ),
  '/cadastros/empresas/:id/editar': lazyScreen(
    () => import('../features/empresas/components/empresa-form-page'),
    (m) => m.EmpresaFormPage,
  ),
  '/cadastros/dispositivos-coletas/cliente-app': lazyScreen(
    () => import('../features/cliente-app/components/cliente-app-page'),
    (m) => m.ClienteAppPage,
  ),
  '/cadastros/dispositivos-coletas/relogio-ponto': lazyScreen(
    () => import('../features/relogio-ponto/components/relogio-ponto-page'),
    (m) => m.RelogioPontoPage,
  ),
  '/cadastros/dispositivos-coletas/marcacao-online': lazyScreen(
    () => import('../features/marcacao-online/components/marcacao-online-page'),
    (m) => m.MarcacaoOnlinePage,
  ),
  '/cadastros/dispositivos-coletas/monitoramento-push': lazyScreen(
    () => import('../features/monitoramento-push/components/monitoramento-push-page'),
    (m) => m.MonitoramentoPushPage,
  ),
  '/cadastros/feriados': lazyScreen(
    () => import('../features/feriados/components/feriados-page'),
    (m) => m.FeriadosPage,
  ),
  '/cadastros/centros-custos': lazyScreen(
    () => import('../features/centros-custos/components/centros-custos-page'),
    (m) => m.CentrosCustosPage,
  ),
  '/cadastros/cargos': lazyScreen(
    () => import('../features/cargos/components/cargos-page'),
    (m) => m.CargosPage,
  ),
  '/cadastros/escalas-horarios': lazyScreen(
    () => import('../features/escalas/components/escalas-page'),
    (m) => m.EscalasPage,
  ),
  '/cadastros/escalas-horarios/novo': lazyScreen(
    () => import('../features/escalas/components/escala-form-page'),
    (m) => m.EscalaFormPage,
  ),
  '/cadastros/escalas-horarios/:id/editar': lazyScreen(
    () => import('../features/escalas/components/escala-form-page'),
    (m) => m.EscalaFormPage,
  ),
  '/cadastros/funcionarios': lazyScreen(
    () => import('../features/funcionarios/components/funcionarios-page'),
    (m) => m.FuncionariosPage,
  ),
  '/cadastros/funcionarios/novo': lazyScreen(
    () => import('../features/funcionarios/components/novo-funcionario-page'),
    (m) => m.NovoFuncionarioPage,
  ),
  '/cadastros/funcionarios/:id/editar': lazyScreen(
    () => import('../features/funcionarios/components/editar-funcionario-page'),
    (m) => m.EditarFuncionarioPage,
  ),
  '/cadastros/funcionarios/importar': lazyScreen(
    () => import('../features/funcionarios-importacao/components/importacao-pages'),
    (m) => m.ImportarPage,
  ),
  '/cadastros/funcionarios/importar/configurar': lazyScreen(
    () => import('../features/funcionarios-importacao/components/importacao-pages'),
    (m) => m.ConfigurarPage,
  ),
  '/cadastros/funcionarios/importar/validar': lazyScreen(
    () => import('../features/funcionarios-importacao/components/importacao-pages'),
    (m) => m.ValidarPage,
  ),
  '/cadastros/funcionarios/importar/confirmar': lazyScreen(
    () => import('../features/funcionarios-importacao/components/importacao-pages'),
    (m) => m.ConfirmarPage,
  ),
  '/cadastros/funcionarios/importar/finalizar': lazyScreen(
    () => import('../features/funcionarios-importacao/components/importacao-pages'),
    (m) => m.FinalizarPage,
  ),
  '/cadastros/escalas-folgas': PENDING,
  '/cadastros/justificativas': lazyScreen(
    () => import('../features/justificativas/components/justificativas-page'),
    (m) => m.JustificativasPage,
  ),
  '/cadastros/motivos-afastamento': lazyScreen(
    () => import('../features/motivos-afastamento/components/motivos-afastamento-page'),
    (m) => m.MotivosAfastamentoPage,
  ),
  '/movimento/afastamentos': PENDING,
  '/movimento/calculo-ponto': lazyScreen(
    () => import('../features/calculo-ponto/components/calculo-ponto-page'),
    (m) => m.CalculoPontoPage,
  ),
  '/movimento/ocorrencias': PENDING,
  '/movimento/mudanca-horario': PENDING,
  '/movimento/banco-horas': PENDING,
  '/movimento/concluir-fechar-periodo': lazyScreen(
    () => import('../features/controle-ponto/components/fechar-periodo-page'),
    (m) => m.FecharPeriodoPage,
  ),
  '/movimento/controle-ponto': lazyScreen(
    () => import('../features/controle-ponto/components/controle-ponto-page'),
    (m) => m.ControlePontoPage,
  ),
  '/movimento/controle-ponto/marcacoes': lazyScreen(
    () => import('../features/controle-ponto/components/marcacoes-page'),
    (m) => m.MarcacoesPage,
  ),
  '/movimento/solicitacoes': lazyScreen(
    () => import('../features/solicitacoes/components/solicitacoes-page'),
    (m) => m.SolicitacoesPage,
  ),
  '/relatorios': lazyScreen(
    () => import('./pages/hub-page'),
    (m) =>
      function RelatoriosHub() {
        return <m.HubPage hub="/relatorios" isBuilt={isBuilt} />;
      },
  ),
  '/relatorios/divergencias': PENDING,
  '/relatorios/espelho-ponto': lazyScreen(
    () => import('../features/relatorios/components/espelho-ponto-page'),
    (m) => m.EspelhoPontoPage,
  ),
  '/relatorios/horas-trabalhadas': PENDING,
  '/relatorios/horas-extras-analitico': PENDING,
  '/relatorios/interjornada': PENDING,
  '/relatorios/intervalo-almoco': PENDING,
  '/relatorios/domingos-trabalhados': PENDING,
  '/relatorios/saldo-banco-horas': PENDING,
  '/relatorios/ponto-externo': PENDING,
  '/relatorios/maracacoes-local-relogio': PENDING,
  '/relatorios/ocorrencias-justificadas': PENDING,
  '/relatorios/historico': lazyScreen(
    () => import('../features/documentos/components/historico-page'),
    (m) => m.HistoricoPage,
  ),
  '/documentos': lazyScreen(
    () => import('./pages/hub-page'),
    (m) =>
      function DocumentosHub() {
        return <m.HubPage hub="/documentos" isBuilt={isBuilt} />;
      },
  ),
  '/documentos/arquivo-afd': lazyScreen(
    () => import('../features/arquivo-afd/components/arquivo-afd-page'),
    (m) => m.ArquivoAfdPage,
  ),
  '/documentos/arquivo-fiscal': PENDING,
  '/documentos/arquivo-folha': PENDING,
  '/documentos/comprovante-marcacao': PENDING,
  '/documentos/historico': lazyScreen(
    () => import('../features/documentos/components/historico-page'),
    (m) => m.HistoricoPage,
  ),
  '/conta/meus-dados': lazyScreen(
    () => import('../features/conta/components/meus-dados-page'),
    (m) => m.MeusDadosPage,
  ),
  '/sistema/usuarios': lazyScreen(
    () => import('../features/usuarios/components/usuarios-page'),
    (m) => m.UsuariosPage,
  ),
  '/sistema/usuarios/:id/editar': lazyScreen(
    () => import('../features/usuarios/components/editar-usuario-page'),
    (m) => m.EditarUsuarioPage,
  ),
  '/sistema/logs-operacoes': lazyScreen(
    () => import('../features/logs-operacoes/components/logs-operacoes-page'),
    (m) => m.LogsOperacoesPage,
  ),
  '/sistema/perfis-permissoes': lazyScreen(
    () => import('../features/perfis-permissoes/components/perfis-permissoes-page'),
    (m) => m.PerfisPermissoesPage,
  ),
  '/sistema/politica-privacidade': lazyScreen(
    () => import('../features/sistema/components/politica-privacidade-page'),
    (m) => m.PoliticaPrivacidadePage,
  ),
  '/sistema/autorizacao-suporte': lazyScreen(
    () => import('../features/autorizacao-suporte/components/autorizacao-suporte-page'),
    (m) => m.AutorizacaoSuportePage,
  ),
  '/sistema/noticias': lazyScreen(
    () => import('../features/noticias/components/noticias-page'),
    (m) => m.NoticiasPage,
  ),
  '/sistema/sobre': lazyScreen(
    () => import('../features/sistema/components/sobre-page'),
    (m) => m.SobrePage,
  ),
  '/cadastro/adm/clientes': lazyScreen(
    () => import('../features/provedor/components/clientes-page'),
    (m) => m.ClientesPage,
  ),
  '/cadastro/adm/planos': lazyScreen(
    () => import('../features/provedor/components/planos-page'),
    (m) => m.PlanosPage,
  ),
  '/cadastro/adm/upload': lazyScreen(
    () => import('../features/funcionarios-importacao/components/update-funcionarios-page'),
    (m) => m.UpdateFuncionariosPage,
  ),
  '/cadastro/adm/noticias': lazyScreen(
    () => import('../features/provedor/components/noticias-adm-page'),
    (m) => m.NoticiasAdmPage,
  ),
  '/relatorios-adm': lazyScreen(
    () => import('../features/provedor/components/relatorios-adm-page'),
    (m) => m.RelatoriosAdmPage,
  ),
};

/** Whether a path has its screen (the hubs and the home list only those). */
export const isBuilt = (path: PrivateRoutePath): boolean => SCREENS[path] !== PENDING;

/** Whether a menu path leads to the 'Em construção' page (the side menu marks it 'Em breve'). */
export const isPendingPath = (path: string): boolean =>
  Object.hasOwn(SCREENS, path) && SCREENS[path as PrivateRoutePath] === PENDING;

function HomeScreen() {
  return <HomePage isBuilt={isBuilt} />;
}
