/**
 * The side menu and the Sistema popup (seed 000 §2.4). A leaf shows when the
 * user holds its code; a parent shows only when it holds its own code AND at
 * least one child is visible.
 */
export interface MenuItem {
  readonly key: string;
  readonly nome: string;
  readonly codigo: number;
  readonly icon?: string;
  /** Internal route, or `href` for an external link. */
  readonly to?: string;
  readonly href?: string;
  readonly filhos?: readonly MenuItem[];
}

const leaf = (key: string, nome: string, codigo: number, to: string, icon?: string): MenuItem =>
  icon === undefined ? { key, nome, codigo, to } : { key, nome, codigo, to, icon };
const group = (key: string, nome: string, codigo: number, icon: string, filhos: MenuItem[]): MenuItem => ({
  key,
  nome,
  codigo,
  icon,
  filhos,
});

export const SIDE_MENU: readonly MenuItem[] = [
  leaf('home', 'Home', 0, '/', 'pi pi-home'),
  group('cadastros', 'Cadastros', 49, 'pi pi-folder', [
    leaf('empresas', 'Empresas', 29, '/cadastros/empresas'),
    {
      key: 'dispositivos',
      nome: 'Dispositivos de Coleta',
      codigo: 142,
      filhos: [
        leaf('cliente-app', 'Cliente App', 142, '/cadastros/dispositivos-coletas/cliente-app'),
        leaf('marcacao-online', 'Marcação Online', 160, '/cadastros/dispositivos-coletas/marcacao-online'),
        leaf('relogio-ponto', 'Relógio de Ponto', 153, '/cadastros/dispositivos-coletas/relogio-ponto'),
        leaf('monitoramento-push', 'Serviço Push', 173, '/cadastros/dispositivos-coletas/monitoramento-push'),
      ],
    },
    leaf('feriados', 'Feriados', 33, '/cadastros/feriados'),
    leaf('centros-custos', 'Centros de Custos', 14, '/cadastros/centros-custos'),
    leaf('cargos', 'Cargos', 19, '/cadastros/cargos'),
    leaf('escalas-horarios', 'Escalas de Horários', 70, '/cadastros/escalas-horarios'),
    leaf('funcionarios', 'Funcionários', 24, '/cadastros/funcionarios'),
    leaf('justificativas', 'Justificativas', 90, '/cadastros/justificativas'),
    leaf('motivos-afastamento', 'Motivos de Afastamento', 75, '/cadastros/motivos-afastamento'),
  ]),
  group('movimento', 'Movimento', 112, 'pi pi-clock', [
    leaf('afastamentos', 'Afastamentos', 102, '/movimento/afastamentos'),
    leaf('escalas-folgas', 'Escalas de Folgas', 95, '/cadastros/escalas-folgas'),
    leaf('ocorrencias', 'Ocorrências', 108, '/movimento/ocorrencias'),
    leaf('mudanca-horario', 'Mudança de Horário', 115, '/movimento/mudanca-horario'),
    leaf('banco-horas', 'Banco de Horas', 120, '/movimento/banco-horas'),
    leaf('fechar-periodo', 'Fechar Período', 150, '/movimento/concluir-fechar-periodo'),
    leaf('calculo-ponto', 'Cálculo do Ponto', 125, '/movimento/calculo-ponto'),
    leaf('controle-ponto', 'Controle do Ponto', 126, '/movimento/controle-ponto'),
    leaf('solicitacoes', 'Solicitações', 165, '/movimento/solicitacoes'),
  ]),
  group('adm-cadastro', 'Cadastro', 99999, 'pi pi-shield', [
    leaf('adm-clientes', 'Clientes', 99999, '/cadastro/adm/clientes'),
    leaf('adm-planos', 'Planos', 99999, '/cadastro/adm/planos'),
    leaf('adm-upload', 'Update-Funcionarios', 99999, '/cadastro/adm/upload'),
  ]),
  leaf('relatorios', 'Relatórios', 128, '/relatorios', 'pi pi-chart-bar'),
  leaf('documentos', 'Documentos', 133, '/documentos', 'pi pi-file'),
  leaf('relatorios-adm', 'Relatórios admin', 99999, '/relatorios-adm', 'pi pi-chart-line'),
];

/** Links of the external pages: kept in one place so they are easy to change. */
export const EXTERNAL_LINKS = {
  precos: 'https://jornada.app.br/precos',
  download: 'https://jornada.app.br/downloads',
  suporte: 'https://suporte.jornada.app.br',
} as const;

export const SYSTEM_MENU: readonly MenuItem[] = [
  leaf('usuarios', 'Usuários', 2, '/sistema/usuarios', 'pi pi-users'),
  leaf('perfis', 'Perfis e Permissões', 7, '/sistema/perfis-permissoes', 'pi pi-lock'),
  leaf('logs', 'Logs de Operações', 12, '/sistema/logs-operacoes', 'pi pi-list'),
  leaf('politica-privacidade', 'Políticas de Privacidade', 12, '/sistema/politica-privacidade', 'pi pi-eye'),
  { key: 'download', nome: 'Download', codigo: 0, href: EXTERNAL_LINKS.download, icon: 'pi pi-download' },
  { key: 'suporte', nome: 'Suporte', codigo: 0, href: EXTERNAL_LINKS.suporte, icon: 'pi pi-question-circle' },
  leaf('autorizacao-suporte', 'Autorização de Suporte', 0, '/sistema/autorizacao-suporte', 'pi pi-key'),
  leaf('sobre', 'Sobre o Sistema', 0, '/sistema/sobre', 'pi pi-info-circle'),
];

/** The menu as the user may see it: invisible leaves and empty parents removed. */
export function visibleMenu(items: readonly MenuItem[], held: ReadonlySet<number>): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.codigo !== 0 && !held.has(item.codigo)) continue;
    if (item.filhos) {
      const filhos = visibleMenu(item.filhos, held);
      if (filhos.length > 0) out.push({ ...item, filhos });
    } else {
      out.push(item);
    }
  }
  return out;
}
