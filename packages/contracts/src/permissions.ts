/**
 * Every permission code the seeds name (000 §2.3/§6, 001 §6, 002 §6), keyed by
 * a readable name, with the Portuguese name shown on the Perfis e Permissões
 * screen and the menu item it hangs from. `principal` marks the item's main
 * (view) permission: unticking it unticks the rest of that item (seed 000 §4).
 *
 * This catalogue is the only place a code is written as a number: `PERM`, the
 * route table (routes.ts) and the menu (menu.ts) read it from here, so a code
 * cannot drift between the guard, the menu and the server's wall.
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

// Generic in the code so PERM keeps literal types (PERM.CARGOS_NOVO is 20, not number).
const p = <C extends number>(codigo: C, nome: string, menu: string, principal = false) => ({
  codigo,
  nome,
  menu,
  principal,
});

const CATALOGUE = {
  // Sistema
  USUARIOS_VER: p(2, 'Usuários', 'usuarios', true),
  USUARIOS_NOVO: p(3, 'Novo usuário', 'usuarios'),
  USUARIOS_EDITAR: p(4, 'Editar usuário', 'usuarios'),
  USUARIOS_EXCLUIR: p(5, 'Excluir usuário', 'usuarios'),
  PERFIS_VER: p(7, 'Perfis e Permissões', 'perfis', true),
  PERFIS_NOVO: p(8, 'Novo perfil', 'perfis'),
  PERFIS_EDITAR: p(9, 'Editar perfil / detalhes', 'perfis'),
  // Seed 000 §6: 10 is both "Conta" (Meus Dados) and the profile-delete code.
  MEUS_DADOS: p(10, 'Meus Dados / Excluir perfil', 'meus-dados', true),
  LOGS_VER: p(12, 'Logs de Operações', 'logs', true),
  // Cadastros
  CADASTROS: p(49, 'Cadastros', 'cadastros', true),
  EMPRESAS_VER: p(29, 'Empresas', 'empresas', true),
  EMPRESAS_NOVO: p(30, 'Nova empresa', 'empresas'),
  EMPRESAS_EDITAR: p(32, 'Editar empresa / período de fechamento', 'empresas'),
  CLIENTE_APP_VER: p(142, 'Cliente App', 'cliente-app', true),
  CLIENTE_APP_SALVAR: p(143, 'Novo / editar usuário do app', 'cliente-app'),
  CLIENTE_APP_EXCLUIR: p(144, 'Excluir usuário do app', 'cliente-app'),
  RELOGIO_PONTO_VER: p(153, 'Relógio de Ponto', 'relogio-ponto', true),
  RELOGIO_PONTO_NOVO: p(154, 'Novo relógio / gerar token', 'relogio-ponto'),
  RELOGIO_PONTO_EDITAR: p(155, 'Editar relógio', 'relogio-ponto'),
  RELOGIO_PONTO_EXCLUIR: p(156, 'Excluir relógio', 'relogio-ponto'),
  MARCACAO_ONLINE_VER: p(160, 'Marcação Online', 'marcacao-online', true),
  SERVICO_PUSH_VER: p(173, 'Serviço Push', 'monitoramento-push', true),
  SERVICO_PUSH_EDITAR: p(174, 'Editar monitoramento push', 'monitoramento-push'),
  FERIADOS_VER: p(33, 'Feriados', 'feriados', true),
  FERIADOS_NOVO: p(34, 'Novo feriado', 'feriados'),
  FERIADOS_EDITAR: p(35, 'Editar feriado', 'feriados'),
  FERIADOS_EXCLUIR: p(36, 'Excluir feriado', 'feriados'),
  FERIADOS_EXCECAO_REGRA: p(152, 'Exceção da Regra (feriado)', 'feriados'),
  CENTROS_CUSTOS_VER: p(14, 'Centros de Custos', 'centros-custos', true),
  CENTROS_CUSTOS_NOVO: p(15, 'Novo centro de custo', 'centros-custos'),
  CENTROS_CUSTOS_EDITAR: p(16, 'Editar centro de custo', 'centros-custos'),
  CENTROS_CUSTOS_EXCLUIR: p(17, 'Excluir centro de custo', 'centros-custos'),
  CARGOS_VER: p(19, 'Cargos', 'cargos', true),
  // Seed 000 §6: 20/21/22 serve Cargos and Motivos de Afastamento alike.
  CARGOS_NOVO: p(20, 'Novo cargo / motivo de afastamento', 'cargos'),
  CARGOS_EDITAR: p(21, 'Editar cargo / motivo de afastamento', 'cargos'),
  CARGOS_EXCLUIR: p(22, 'Excluir cargo / motivo de afastamento', 'cargos'),
  ESCALAS_HORARIOS_VER: p(70, 'Escalas de Horários', 'escalas-horarios', true),
  ESCALAS_HORARIOS_NOVO: p(71, 'Nova escala de horários', 'escalas-horarios'),
  ESCALAS_HORARIOS_EDITAR: p(72, 'Editar escala de horários', 'escalas-horarios'),
  ESCALAS_HORARIOS_EXCLUIR: p(73, 'Excluir escala de horários', 'escalas-horarios'),
  ESCALAS_HORARIOS_BANCO_HORAS: p(66, 'Aba Banco de Horas da escala', 'escalas-horarios'),
  ESCALAS_HORARIOS_REVEZAMENTO: p(86, 'Tipo revezamento da escala', 'escalas-horarios'),
  FUNCIONARIOS_VER: p(24, 'Funcionários', 'funcionarios', true),
  FUNCIONARIOS_NOVO: p(25, 'Novo funcionário', 'funcionarios'),
  FUNCIONARIOS_EDITAR: p(26, 'Editar / importar funcionários', 'funcionarios'),
  JUSTIFICATIVAS_VER: p(90, 'Justificativas', 'justificativas', true),
  JUSTIFICATIVAS_NOVO: p(91, 'Nova justificativa', 'justificativas'),
  JUSTIFICATIVAS_EDITAR: p(92, 'Editar justificativa', 'justificativas'),
  JUSTIFICATIVAS_EXCLUIR: p(93, 'Excluir justificativa', 'justificativas'),
  MOTIVOS_AFASTAMENTO_VER: p(75, 'Motivos de Afastamento', 'motivos-afastamento', true),
  // Movimento
  MOVIMENTO: p(112, 'Movimento', 'movimento', true),
  AFASTAMENTOS_VER: p(102, 'Afastamentos', 'afastamentos', true),
  AFASTAMENTOS_SALVAR: p(103, 'Salvar afastamento', 'afastamentos'),
  AFASTAMENTOS_EXCLUIR: p(105, 'Excluir afastamento', 'afastamentos'),
  ESCALAS_FOLGAS_VER: p(95, 'Escalas de Folgas', 'escalas-folgas', true),
  ESCALAS_FOLGAS_SALVAR: p(96, 'Salvar folga', 'escalas-folgas'),
  ESCALAS_FOLGAS_EXCLUIR: p(97, 'Excluir folga', 'escalas-folgas'),
  ESCALAS_FOLGAS_EDITAR: p(107, 'Editar folga (indicador)', 'escalas-folgas'),
  OCORRENCIAS_VER: p(108, 'Ocorrências', 'ocorrencias', true),
  OCORRENCIAS_SALVAR: p(109, 'Salvar ocorrência', 'ocorrencias'),
  OCORRENCIAS_EDITAR: p(113, 'Editar ocorrência', 'ocorrencias'),
  OCORRENCIAS_EXCLUIR: p(110, 'Excluir ocorrência', 'ocorrencias'),
  MUDANCA_HORARIO_VER: p(115, 'Mudança de Horário', 'mudanca-horario', true),
  MUDANCA_HORARIO_NOVO: p(116, 'Nova mudança de horário', 'mudanca-horario'),
  MUDANCA_HORARIO_EDITAR: p(117, 'Editar mudança de horário', 'mudanca-horario'),
  MUDANCA_HORARIO_EXCLUIR: p(118, 'Excluir mudança de horário', 'mudanca-horario'),
  BANCO_HORAS_VER: p(120, 'Banco de Horas', 'banco-horas', true),
  BANCO_HORAS_NOVO: p(121, 'Novo lançamento de banco de horas', 'banco-horas'),
  BANCO_HORAS_EDITAR: p(122, 'Editar lançamento de banco de horas', 'banco-horas'),
  BANCO_HORAS_EXCLUIR: p(123, 'Excluir lançamento de banco de horas', 'banco-horas'),
  FECHAR_PERIODO: p(150, 'Fechar Período', 'fechar-periodo', true),
  CALCULO_PONTO: p(125, 'Cálculo do Ponto', 'calculo-ponto', true),
  CONTROLE_PONTO: p(126, 'Controle do Ponto', 'controle-ponto', true),
  CONTROLE_PONTO_MARCACOES: p(127, 'Marcações (tratamento do ponto)', 'controle-ponto'),
  // Ours (decision 0072): the seeds say only the Administrator reopens a closed period, and give no code.
  CONTROLE_PONTO_ABRIR_PERIODO: p(175, 'Abrir período fechado', 'controle-ponto'),
  SOLICITACOES_VER: p(165, 'Solicitações', 'solicitacoes', true),
  SOLICITACOES_APROVAR: p(166, 'Aprovar / reprovar solicitações', 'solicitacoes'),
  // Relatórios
  RELATORIOS: p(128, 'Relatórios', 'relatorios', true),
  RELATORIO_DIVERGENCIAS: p(130, 'Divergências', 'relatorios'),
  RELATORIO_ESPELHO_PONTO: p(129, 'Espelho de Ponto', 'relatorios'),
  RELATORIO_HORAS_TRABALHADAS: p(131, 'Horas Trabalhadas', 'relatorios'),
  RELATORIO_HORAS_EXTRAS: p(132, 'Horas Extras Analítico', 'relatorios'),
  RELATORIO_INTERJORNADA: p(136, 'Interjornada', 'relatorios'),
  RELATORIO_INTERVALO_ALMOCO: p(137, 'Intervalo do Almoço', 'relatorios'),
  RELATORIO_DOMINGOS_TRABALHADOS: p(138, 'Domingos Trabalhados', 'relatorios'),
  RELATORIO_SALDO_BANCO_HORAS: p(139, 'Saldo Banco de Horas', 'relatorios'),
  RELATORIO_PONTO_EXTERNO: p(147, 'Ponto Externo', 'relatorios'),
  RELATORIO_MARCACOES_LOCAL_RELOGIO: p(159, 'Marcações Local Relógio', 'relatorios'),
  RELATORIO_OCORRENCIAS_JUSTIFICADAS: p(164, 'Ocorrências Justificadas', 'relatorios'),
  // Documentos
  DOCUMENTOS: p(133, 'Documentos', 'documentos', true),
  DOCUMENTO_AFD: p(134, 'Arquivo AFD', 'documentos'),
  DOCUMENTO_FISCAL: p(135, 'Arquivo AFDT/ACJEF/AEJ', 'documentos'),
  DOCUMENTO_FOLHA: p(158, 'Arquivo Folha', 'documentos'),
  DOCUMENTO_COMPROVANTE_MARCACAO: p(172, 'Comprovante de Marcação', 'documentos'),
} as const satisfies Record<string, PermissionDef>;

export type PermissionKey = keyof typeof CATALOGUE;

/** The catalogue in the order of the Perfis e Permissões screen. */
export const PERMISSIONS: readonly PermissionDef[] = Object.values(CATALOGUE);

/** Code 0: held by every logged-in user (seed 000 §2.2); never stored in a profile. */
export const LOGGED_IN_CODE = 0;

/** The provider's super-admin code (seed 000 §1). */
export const SUPER_ADMIN_CODE = 99999;

/** Every code a customer's full administrator profile holds. */
export const ALL_CUSTOMER_CODES: readonly number[] = PERMISSIONS.map((x) => x.codigo);

/** The code of each catalogue entry by key: `PERM.CARGOS_NOVO` reads better than 20. */
export const PERM = Object.fromEntries(Object.entries(CATALOGUE).map(([k, v]) => [k, v.codigo])) as {
  readonly [K in PermissionKey]: (typeof CATALOGUE)[K]['codigo'];
};
