import { LOGGED_IN_CODE, PERM, SUPER_ADMIN_CODE } from './permissions.js';

/**
 * The screen route table (seed 000 §2.3, 001 §2, 002 §2; shared/spec/catalogue.json).
 * `permission` null = public; 0 = any logged-in user. `altPermission` is the
 * second reading where the seeds give two codes: holding either opens the route.
 */
export interface RouteDef {
  readonly path: string;
  readonly titulo: string;
  readonly permission: number | null;
  readonly altPermission?: number;
}

// Generic in the path so the table's paths are a union type: the web's screen registry is keyed by it.
const pub = <P extends string>(path: P, titulo: string) => ({ path, titulo, permission: null });
const priv = <P extends string>(path: P, titulo: string, permission: number, altPermission?: number) =>
  altPermission === undefined ? { path, titulo, permission } : { path, titulo, permission, altPermission };

const TABLE = [
  pub('/login', 'Login'),
  pub('/esqueci-senha', 'Esqueci a senha'),
  pub('/redefinir-senha-email', 'Redefinir senha'),
  pub('/nao-autorizado', 'Sem autorização para acessar o conteúdo'),
  pub('/erro404', 'Página não encontrada'),
  priv('/', 'Home', LOGGED_IN_CODE),
  priv('/cadastros/empresas', 'Empresas', PERM.EMPRESAS_VER),
  priv('/cadastros/empresas/nova', 'Nova empresa', PERM.EMPRESAS_NOVO),
  priv('/cadastros/empresas/:id/editar', 'Editar empresa', PERM.EMPRESAS_EDITAR),
  priv('/cadastros/dispositivos-coletas/cliente-app', 'Cliente App', PERM.CLIENTE_APP_VER),
  priv('/cadastros/dispositivos-coletas/relogio-ponto', 'Relógio de Ponto', PERM.RELOGIO_PONTO_VER),
  priv('/cadastros/dispositivos-coletas/marcacao-online', 'Marcação Online', PERM.MARCACAO_ONLINE_VER),
  priv('/cadastros/dispositivos-coletas/monitoramento-push', 'Monitoramento Serviço Push', PERM.SERVICO_PUSH_VER),
  priv('/cadastros/feriados', 'Feriados', PERM.FERIADOS_VER),
  priv('/cadastros/centros-custos', 'Centros de Custos', PERM.CENTROS_CUSTOS_VER),
  priv('/cadastros/cargos', 'Cargos', PERM.CARGOS_VER),
  priv('/cadastros/escalas-horarios', 'Escalas de Horários', PERM.ESCALAS_HORARIOS_VER),
  priv('/cadastros/escalas-horarios/novo', 'Nova Escala de Horários', PERM.ESCALAS_HORARIOS_NOVO),
  priv('/cadastros/escalas-horarios/:id/editar', 'Editar Escala de Horários', PERM.ESCALAS_HORARIOS_EDITAR),
  priv('/cadastros/funcionarios', 'Funcionários', PERM.FUNCIONARIOS_VER),
  priv('/cadastros/funcionarios/novo', 'Novo funcionário', PERM.FUNCIONARIOS_NOVO),
  priv('/cadastros/funcionarios/:id/editar', 'Editar funcionário', PERM.FUNCIONARIOS_EDITAR),
  priv(
    '/cadastros/funcionarios/importar',
    'Importar funcionários',
    PERM.FUNCIONARIOS_EDITAR,
    PERM.ESCALAS_HORARIOS_VER,
  ),
  // The steps' own codes are the seed's (70/71/72); 26 opens the wizard, so it opens every step (issue 10 §7).
  priv(
    '/cadastros/funcionarios/importar/configurar',
    'Importar funcionários - Configurar',
    PERM.ESCALAS_HORARIOS_VER,
    PERM.FUNCIONARIOS_EDITAR,
  ),
  priv(
    '/cadastros/funcionarios/importar/validar',
    'Importar funcionários - Validar',
    PERM.ESCALAS_HORARIOS_NOVO,
    PERM.FUNCIONARIOS_EDITAR,
  ),
  priv(
    '/cadastros/funcionarios/importar/confirmar',
    'Importar funcionários - Confirmar',
    PERM.ESCALAS_HORARIOS_EDITAR,
    PERM.FUNCIONARIOS_EDITAR,
  ),
  priv(
    '/cadastros/funcionarios/importar/finalizar',
    'Importar funcionários - Finalizar',
    PERM.ESCALAS_HORARIOS_EDITAR,
    PERM.FUNCIONARIOS_EDITAR,
  ),
  priv('/cadastros/escalas-folgas', 'Escala de Folgas', PERM.ESCALAS_FOLGAS_VER),
  priv('/cadastros/justificativas', 'Justificativas', PERM.JUSTIFICATIVAS_VER),
  priv('/cadastros/motivos-afastamento', 'Motivos de Afastamento', PERM.MOTIVOS_AFASTAMENTO_VER),
  priv('/movimento/afastamentos', 'Afastamentos', PERM.AFASTAMENTOS_VER),
  priv('/movimento/calculo-ponto', 'Cálculo do Ponto', PERM.CALCULO_PONTO),
  priv('/movimento/ocorrencias', 'Ocorrências', PERM.OCORRENCIAS_VER),
  priv('/movimento/mudanca-horario', 'Mudança de Horário', PERM.MUDANCA_HORARIO_VER),
  priv('/movimento/banco-horas', 'Banco de Horas', PERM.BANCO_HORAS_VER),
  priv('/movimento/concluir-fechar-periodo', 'Fechar Período', PERM.FECHAR_PERIODO),
  priv('/movimento/controle-ponto', 'Controle do Ponto', PERM.CONTROLE_PONTO),
  priv('/movimento/controle-ponto/marcacoes', 'Marcações', PERM.CONTROLE_PONTO_MARCACOES),
  priv('/movimento/solicitacoes', 'Solicitações', PERM.SOLICITACOES_VER),
  priv('/relatorios', 'Relatórios', PERM.RELATORIOS),
  priv('/relatorios/divergencias', 'Divergências', PERM.RELATORIO_DIVERGENCIAS),
  priv('/relatorios/espelho-ponto', 'Espelho de Ponto', PERM.RELATORIO_ESPELHO_PONTO),
  priv('/relatorios/horas-trabalhadas', 'Horas Trabalhadas', PERM.RELATORIO_HORAS_TRABALHADAS),
  priv('/relatorios/horas-extras-analitico', 'Horas Extras Analítico', PERM.RELATORIO_HORAS_EXTRAS),
  priv('/relatorios/interjornada', 'Interjornada', PERM.RELATORIO_INTERJORNADA),
  priv('/relatorios/intervalo-almoco', 'Intervalo do Almoço', PERM.RELATORIO_INTERVALO_ALMOCO),
  priv(
    '/relatorios/domingos-trabalhados',
    'Domingos Trabalhados',
    PERM.RELATORIO_SALDO_BANCO_HORAS,
    PERM.RELATORIO_DOMINGOS_TRABALHADOS,
  ),
  priv('/relatorios/saldo-banco-horas', 'Saldo Banco de Horas', PERM.RELATORIO_SALDO_BANCO_HORAS),
  priv('/relatorios/ponto-externo', 'Ponto Externo', PERM.RELATORIO_PONTO_EXTERNO),
  priv(
    '/relatorios/maracacoes-local-relogio',
    'Marcações Local Relógio',
    PERM.RELATORIO_PONTO_EXTERNO,
    PERM.RELATORIO_MARCACOES_LOCAL_RELOGIO,
  ),
  priv('/relatorios/ocorrencias-justificadas', 'Ocorrências Justificadas', PERM.RELATORIO_OCORRENCIAS_JUSTIFICADAS),
  priv('/relatorios/historico', 'Histórico de Relatórios/Documentos', LOGGED_IN_CODE),
  priv('/documentos', 'Documentos', PERM.DOCUMENTOS),
  priv('/documentos/arquivo-afd', 'Arquivo AFD', PERM.DOCUMENTO_AFD),
  priv('/documentos/arquivo-fiscal', 'Arquivo Fiscal', PERM.DOCUMENTO_FISCAL),
  priv('/documentos/arquivo-folha', 'Arquivo Folha', PERM.DOCUMENTO_FOLHA),
  priv('/documentos/comprovante-marcacao', 'Comprovante de Marcação', PERM.DOCUMENTO_COMPROVANTE_MARCACAO),
  priv('/documentos/historico', 'Histórico de Relatórios/Documentos', LOGGED_IN_CODE),
  priv('/conta/meus-dados', 'Meus Dados', PERM.MEUS_DADOS),
  priv('/sistema/usuarios', 'Usuários', PERM.USUARIOS_VER),
  priv('/sistema/usuarios/:id/editar', 'Editar Usuário', PERM.USUARIOS_EDITAR),
  priv('/sistema/logs-operacoes', 'Logs de Operações', PERM.LOGS_VER),
  priv('/sistema/perfis-permissoes', 'Perfis e Permissões', PERM.PERFIS_VER),
  priv('/sistema/politica-privacidade', 'Política de Privacidade', PERM.PERFIS_VER, PERM.LOGS_VER),
  priv('/sistema/autorizacao-suporte', 'Autorização de Suporte', LOGGED_IN_CODE),
  priv('/sistema/noticias', 'Notícias', LOGGED_IN_CODE),
  priv('/sistema/sobre', 'Sobre o Sistema', LOGGED_IN_CODE),
  priv('/cadastro/adm/clientes', 'Clientes', SUPER_ADMIN_CODE),
  priv('/cadastro/adm/planos', 'Planos', SUPER_ADMIN_CODE),
  priv('/cadastro/adm/upload', 'Update-Funcionarios', SUPER_ADMIN_CODE),
  priv('/cadastro/adm/noticias', 'Publicar Notícias', SUPER_ADMIN_CODE),
  priv('/relatorios-adm', 'Relatórios admin', SUPER_ADMIN_CODE),
] as const;

type AnyRoute = (typeof TABLE)[number];
export type RoutePath = AnyRoute['path'];
/** Paths behind the session guard (permission 0 or a code). */
export type PrivateRoutePath = Extract<AnyRoute, { permission: number }>['path'];
export type PublicRoutePath = Extract<AnyRoute, { permission: null }>['path'];

export const ROUTES: readonly RouteDef[] = TABLE;
export const PRIVATE_ROUTES = ROUTES.filter((r) => r.permission !== null) as readonly (RouteDef & {
  readonly path: PrivateRoutePath;
  readonly permission: number;
})[];
export const PUBLIC_ROUTES = ROUTES.filter((r) => r.permission === null) as readonly (RouteDef & {
  readonly path: PublicRoutePath;
})[];

/** The route of a path of the table (the menu takes its codes from here). */
export function routeOf(path: RoutePath): RouteDef {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`Rota fora da tabela: ${path}`);
  return route;
}

/** True when the held codes open the route (code 0 is always held). */
export function canOpen(route: Pick<RouteDef, 'permission' | 'altPermission'>, held: ReadonlySet<number>): boolean {
  if (route.permission === null || route.permission === 0) return true;
  if (held.has(route.permission)) return true;
  return route.altPermission !== undefined && held.has(route.altPermission);
}
