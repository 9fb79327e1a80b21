/**
 * Every permission code the seeds name (000 §2.3/§6, 001 §6, 002 §6), with the
 * Portuguese name shown on the Perfis e Permissões screen and the menu item it
 * hangs from. `principal` marks the item's main (view) permission: unticking it
 * unticks the rest of that item (seed 000 §4).
 *
 * Code 0 is not stored: every logged-in user holds it (appended at login).
 * Code 99999 is the provider's super-admin and is never granted to a
 * customer's profile (see docs/decisions/0004-super-admin-code.md).
 */
export interface PermissionDef {
  readonly codigo: number;
  readonly nome: string;
  /** Key of the menu item (menu.ts) this permission belongs to. */
  readonly menu: string;
  readonly principal: boolean;
}

const p = (codigo: number, nome: string, menu: string, principal = false): PermissionDef => ({
  codigo,
  nome,
  menu,
  principal,
});

export const PERMISSIONS: readonly PermissionDef[] = [
  // Sistema
  p(2, 'Usuários', 'usuarios', true),
  p(3, 'Novo usuário', 'usuarios'),
  p(4, 'Editar usuário', 'usuarios'),
  p(5, 'Excluir usuário', 'usuarios'),
  p(7, 'Perfis e Permissões', 'perfis', true),
  p(8, 'Novo perfil', 'perfis'),
  p(9, 'Editar perfil / detalhes', 'perfis'),
  // Seed 000 §6: 10 is both "Conta" (Meus Dados) and the profile-delete code.
  p(10, 'Meus Dados / Excluir perfil', 'meus-dados', true),
  p(12, 'Logs de Operações', 'logs', true),
  // Cadastros
  p(49, 'Cadastros', 'cadastros', true),
  p(29, 'Empresas', 'empresas', true),
  p(30, 'Nova empresa', 'empresas'),
  p(32, 'Editar empresa / período de fechamento', 'empresas'),
  p(142, 'Cliente App', 'cliente-app', true),
  p(143, 'Novo / editar usuário do app', 'cliente-app'),
  p(144, 'Excluir usuário do app', 'cliente-app'),
  p(153, 'Relógio de Ponto', 'relogio-ponto', true),
  p(154, 'Novo relógio / gerar token', 'relogio-ponto'),
  p(155, 'Editar relógio', 'relogio-ponto'),
  p(156, 'Excluir relógio', 'relogio-ponto'),
  p(160, 'Marcação Online', 'marcacao-online', true),
  p(173, 'Serviço Push', 'monitoramento-push', true),
  p(174, 'Editar monitoramento push', 'monitoramento-push'),
  p(33, 'Feriados', 'feriados', true),
  p(34, 'Novo feriado', 'feriados'),
  p(35, 'Editar feriado', 'feriados'),
  p(36, 'Excluir feriado', 'feriados'),
  p(152, 'Exceção da Regra (feriado)', 'feriados'),
  p(14, 'Centros de Custos', 'centros-custos', true),
  p(15, 'Novo centro de custo', 'centros-custos'),
  p(16, 'Editar centro de custo', 'centros-custos'),
  p(17, 'Excluir centro de custo', 'centros-custos'),
  p(19, 'Cargos', 'cargos', true),
  // Seed 000 §6: 20/21/22 serve Cargos and Motivos de Afastamento alike.
  p(20, 'Novo cargo / motivo de afastamento', 'cargos'),
  p(21, 'Editar cargo / motivo de afastamento', 'cargos'),
  p(22, 'Excluir cargo / motivo de afastamento', 'cargos'),
  p(70, 'Escalas de Horários', 'escalas-horarios', true),
  p(71, 'Nova escala de horários', 'escalas-horarios'),
  p(72, 'Editar escala de horários', 'escalas-horarios'),
  p(73, 'Excluir escala de horários', 'escalas-horarios'),
  p(66, 'Aba Banco de Horas da escala', 'escalas-horarios'),
  p(86, 'Tipo revezamento da escala', 'escalas-horarios'),
  p(24, 'Funcionários', 'funcionarios', true),
  p(25, 'Novo funcionário', 'funcionarios'),
  p(26, 'Editar / importar funcionários', 'funcionarios'),
  p(90, 'Justificativas', 'justificativas', true),
  p(91, 'Nova justificativa', 'justificativas'),
  p(92, 'Editar justificativa', 'justificativas'),
  p(93, 'Excluir justificativa', 'justificativas'),
  p(75, 'Motivos de Afastamento', 'motivos-afastamento', true),
  // Movimento
  p(112, 'Movimento', 'movimento', true),
  p(102, 'Afastamentos', 'afastamentos', true),
  p(103, 'Salvar afastamento', 'afastamentos'),
  p(105, 'Excluir afastamento', 'afastamentos'),
  p(95, 'Escalas de Folgas', 'escalas-folgas', true),
  p(96, 'Salvar folga', 'escalas-folgas'),
  p(97, 'Excluir folga', 'escalas-folgas'),
  p(107, 'Editar folga (indicador)', 'escalas-folgas'),
  p(108, 'Ocorrências', 'ocorrencias', true),
  p(109, 'Salvar ocorrência', 'ocorrencias'),
  p(113, 'Editar ocorrência', 'ocorrencias'),
  p(110, 'Excluir ocorrência', 'ocorrencias'),
  p(115, 'Mudança de Horário', 'mudanca-horario', true),
  p(116, 'Nova mudança de horário', 'mudanca-horario'),
  p(117, 'Editar mudança de horário', 'mudanca-horario'),
  p(118, 'Excluir mudança de horário', 'mudanca-horario'),
  p(120, 'Banco de Horas', 'banco-horas', true),
  p(121, 'Novo lançamento de banco de horas', 'banco-horas'),
  p(122, 'Editar lançamento de banco de horas', 'banco-horas'),
  p(123, 'Excluir lançamento de banco de horas', 'banco-horas'),
  p(150, 'Fechar Período', 'fechar-periodo', true),
  p(125, 'Cálculo do Ponto', 'calculo-ponto', true),
  p(126, 'Controle do Ponto', 'controle-ponto', true),
  p(127, 'Marcações (tratamento do ponto)', 'controle-ponto'),
  p(165, 'Solicitações', 'solicitacoes', true),
  p(166, 'Aprovar / reprovar solicitações', 'solicitacoes'),
  // Relatórios
  p(128, 'Relatórios', 'relatorios', true),
  p(130, 'Divergências', 'relatorios'),
  p(129, 'Espelho de Ponto', 'relatorios'),
  p(131, 'Horas Trabalhadas', 'relatorios'),
  p(132, 'Horas Extras Analítico', 'relatorios'),
  p(136, 'Interjornada', 'relatorios'),
  p(137, 'Intervalo do Almoço', 'relatorios'),
  p(138, 'Domingos Trabalhados', 'relatorios'),
  p(139, 'Saldo Banco de Horas', 'relatorios'),
  p(147, 'Ponto Externo', 'relatorios'),
  p(159, 'Marcações Local Relógio', 'relatorios'),
  p(164, 'Ocorrências Justificadas', 'relatorios'),
  // Documentos
  p(133, 'Documentos', 'documentos', true),
  p(134, 'Arquivo AFD', 'documentos'),
  p(135, 'Arquivo AFDT/ACJEF/AEJ', 'documentos'),
  p(158, 'Arquivo Folha', 'documentos'),
  p(172, 'Comprovante de Marcação', 'documentos'),
];

/** The provider's super-admin code (seed 000 §1). */
export const SUPER_ADMIN_CODE = 99999;

/** Every code a customer's full administrator profile holds. */
export const ALL_CUSTOMER_CODES: readonly number[] = PERMISSIONS.map((x) => x.codigo);

/** Codes named as constants where code reads better than a number. */
export const PERM = {
  CARGOS_VER: 19,
  CARGOS_NOVO: 20,
  CARGOS_EDITAR: 21,
  CARGOS_EXCLUIR: 22,
  CONTROLE_PONTO: 126,
} as const;
