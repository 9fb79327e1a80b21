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

const r = (path: string, titulo: string, permission: number | null, altPermission?: number): RouteDef =>
  altPermission === undefined ? { path, titulo, permission } : { path, titulo, permission, altPermission };

export const ROUTES: readonly RouteDef[] = [
  r('/login', 'Login', null),
  r('/esqueci-senha', 'Esqueci a senha', null),
  r('/redefinir-senha-email', 'Redefinir senha', null),
  r('/nao-autorizado', 'Sem autorização para acessar o conteúdo', null),
  r('/erro404', 'Página não encontrada', null),
  r('/', 'Home', 0),
  r('/cadastros/empresas', 'Empresas', 29),
  r('/cadastros/empresas/nova', 'Nova empresa', 30),
  r('/cadastros/empresas/:id/editar', 'Editar empresa', 32),
  r('/cadastros/dispositivos-coletas/cliente-app', 'Cliente App', 142),
  r('/cadastros/dispositivos-coletas/relogio-ponto', 'Relógio de Ponto', 153),
  r('/cadastros/dispositivos-coletas/marcacao-online', 'Marcação Online', 160),
  r('/cadastros/dispositivos-coletas/monitoramento-push', 'Monitoramento Serviço Push', 173),
  r('/cadastros/feriados', 'Feriados', 33),
  r('/cadastros/centros-custos', 'Centros de Custos', 14),
  r('/cadastros/cargos', 'Cargos', 19),
  r('/cadastros/escalas-horarios', 'Escalas de Horários', 70),
  r('/cadastros/escalas-horarios/novo', 'Nova Escala de Horários', 71),
  r('/cadastros/escalas-horarios/:id/editar', 'Editar Escala de Horários', 72),
  r('/cadastros/funcionarios', 'Funcionários', 24),
  r('/cadastros/funcionarios/novo', 'Novo funcionário', 25),
  r('/cadastros/funcionarios/:id/editar', 'Editar funcionário', 26),
  r('/cadastros/funcionarios/importar', 'Importar funcionários', 26, 70),
  r('/cadastros/funcionarios/importar/configurar', 'Importar funcionários - Configurar', 70),
  r('/cadastros/funcionarios/importar/validar', 'Importar funcionários - Validar', 71),
  r('/cadastros/funcionarios/importar/confirmar', 'Importar funcionários - Confirmar', 72),
  r('/cadastros/funcionarios/importar/finalizar', 'Importar funcionários - Finalizar', 72),
  r('/cadastros/escalas-folgas', 'Escala de Folgas', 95),
  r('/cadastros/justificativas', 'Justificativas', 90),
  r('/cadastros/motivos-afastamento', 'Motivos de Afastamento', 75),
  r('/movimento/afastamentos', 'Afastamentos', 102),
  r('/movimento/calculo-ponto', 'Cálculo do Ponto', 125),
  r('/movimento/ocorrencias', 'Ocorrências', 108),
  r('/movimento/mudanca-horario', 'Mudança de Horário', 115),
  r('/movimento/banco-horas', 'Banco de Horas', 120),
  r('/movimento/concluir-fechar-periodo', 'Fechar Período', 150),
  r('/movimento/controle-ponto', 'Controle do Ponto', 126),
  r('/movimento/controle-ponto/marcacoes', 'Marcações', 127),
  r('/movimento/solicitacoes', 'Solicitações', 165),
  r('/relatorios', 'Relatórios', 128),
  r('/relatorios/divergencias', 'Divergências', 130),
  r('/relatorios/espelho-ponto', 'Espelho de Ponto', 129),
  r('/relatorios/horas-trabalhadas', 'Horas Trabalhadas', 131),
  r('/relatorios/horas-extras-analitico', 'Horas Extras Analítico', 132),
  r('/relatorios/interjornada', 'Interjornada', 136),
  r('/relatorios/intervalo-almoco', 'Intervalo do Almoço', 137),
  r('/relatorios/domingos-trabalhados', 'Domingos Trabalhados', 139, 138),
  r('/relatorios/saldo-banco-horas', 'Saldo Banco de Horas', 139),
  r('/relatorios/ponto-externo', 'Ponto Externo', 147),
  r('/relatorios/maracacoes-local-relogio', 'Marcações Local Relógio', 147, 159),
  r('/relatorios/ocorrencias-justificadas', 'Ocorrências Justificadas', 164),
  r('/relatorios/historico', 'Histórico de Relatórios/Documentos', 0),
  r('/documentos', 'Documentos', 133),
  r('/documentos/arquivo-afd', 'Arquivo AFD', 134),
  r('/documentos/arquivo-fiscal', 'Arquivo Fiscal', 135),
  r('/documentos/arquivo-folha', 'Arquivo Folha', 158),
  r('/documentos/comprovante-marcacao', 'Comprovante de Marcação', 172),
  r('/documentos/historico', 'Histórico de Relatórios/Documentos', 0),
  r('/conta/meus-dados', 'Meus Dados', 10),
  r('/sistema/usuarios', 'Usuários', 2),
  r('/sistema/usuarios/:id/editar', 'Editar Usuário', 4),
  r('/sistema/logs-operacoes', 'Logs de Operações', 12),
  r('/sistema/perfis-permissoes', 'Perfis e Permissões', 7),
  r('/sistema/politica-privacidade', 'Política de Privacidade', 7, 12),
  r('/sistema/autorizacao-suporte', 'Autorização de Suporte', 0),
  r('/sistema/noticias', 'Notícias', 0),
  r('/sistema/sobre', 'Sobre o Sistema', 0),
  r('/cadastro/adm/clientes', 'Clientes', 99999),
  r('/cadastro/adm/planos', 'Planos', 99999),
  r('/cadastro/adm/upload', 'Update-Funcionarios', 99999),
  r('/relatorios-adm', 'Relatórios admin', 99999),
];

/** True when the held codes open the route (code 0 is always held). */
export function canOpen(route: Pick<RouteDef, 'permission' | 'altPermission'>, held: ReadonlySet<number>): boolean {
  if (route.permission === null || route.permission === 0) return true;
  if (held.has(route.permission)) return true;
  return route.altPermission !== undefined && held.has(route.altPermission);
}
