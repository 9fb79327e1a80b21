import { LOGGED_IN_CODE, PERM, SUPER_ADMIN_CODE } from './permissions.js';
import { routeOf, type PrivateRoutePath } from './routes.js';

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

interface LeafOptions {
  icon?: string;
  /** 'alt': the menu shows the item on the route's second code (seed 000 §2.4 vs §2.3, Política de Privacidade). */
  reading?: 'main' | 'alt';
}

/** A leaf takes its code from the route it opens: the menu can never show a link the guard refuses. */
const leaf = (
  key: string,
  nome: string,
  to: PrivateRoutePath,
  { icon, reading = 'main' }: LeafOptions = {},
): MenuItem => {
  const route = routeOf(to);
  const codigo = reading === 'alt' ? route.altPermission : route.permission;
  if (codigo === undefined || codigo === null) throw new Error(`Rota sem código para o menu: ${to}`);
  return icon === undefined ? { key, nome, codigo, to } : { key, nome, codigo, to, icon };
};
const group = (key: string, nome: string, codigo: number, icon: string, filhos: MenuItem[]): MenuItem => ({
  key,
  nome,
  codigo,
  icon,
  filhos,
});

export const SIDE_MENU: readonly MenuItem[] = [
  leaf('home', 'Home', '/', { icon: 'pi pi-home' }),
  group('cadastros', 'Cadastros', PERM.CADASTROS, 'pi pi-folder', [
    leaf('empresas', 'Empresas', '/cadastros/empresas'),
    {
      key: 'dispositivos',
      nome: 'Dispositivos de Coleta',
      codigo: PERM.CLIENTE_APP_VER,
      filhos: [
        leaf('cliente-app', 'Cliente App', '/cadastros/dispositivos-coletas/cliente-app'),
        leaf('marcacao-online', 'Marcação Online', '/cadastros/dispositivos-coletas/marcacao-online'),
        leaf('relogio-ponto', 'Relógio de Ponto', '/cadastros/dispositivos-coletas/relogio-ponto'),
        leaf('monitoramento-push', 'Serviço Push', '/cadastros/dispositivos-coletas/monitoramento-push'),
      ],
    },
    leaf('feriados', 'Feriados', '/cadastros/feriados'),
    leaf('centros-custos', 'Centros de Custos', '/cadastros/centros-custos'),
    leaf('cargos', 'Cargos', '/cadastros/cargos'),
    leaf('escalas-horarios', 'Escalas de Horários', '/cadastros/escalas-horarios'),
    leaf('funcionarios', 'Funcionários', '/cadastros/funcionarios'),
    leaf('justificativas', 'Justificativas', '/cadastros/justificativas'),
    leaf('motivos-afastamento', 'Motivos de Afastamento', '/cadastros/motivos-afastamento'),
  ]),
  group('movimento', 'Movimento', PERM.MOVIMENTO, 'pi pi-clock', [
    leaf('afastamentos', 'Afastamentos', '/movimento/afastamentos'),
    leaf('escalas-folgas', 'Escalas de Folgas', '/cadastros/escalas-folgas'),
    leaf('ocorrencias', 'Ocorrências', '/movimento/ocorrencias'),
    leaf('mudanca-horario', 'Mudança de Horário', '/movimento/mudanca-horario'),
    leaf('banco-horas', 'Banco de Horas', '/movimento/banco-horas'),
    leaf('fechar-periodo', 'Fechar Período', '/movimento/concluir-fechar-periodo'),
    leaf('calculo-ponto', 'Cálculo do Ponto', '/movimento/calculo-ponto'),
    leaf('controle-ponto', 'Controle do Ponto', '/movimento/controle-ponto'),
    leaf('solicitacoes', 'Solicitações', '/movimento/solicitacoes'),
  ]),
  group('adm-cadastro', 'Cadastro', SUPER_ADMIN_CODE, 'pi pi-shield', [
    leaf('adm-clientes', 'Clientes', '/cadastro/adm/clientes'),
    leaf('adm-planos', 'Planos', '/cadastro/adm/planos'),
    leaf('adm-upload', 'Update-Funcionarios', '/cadastro/adm/upload'),
    leaf('adm-noticias', 'Notícias', '/cadastro/adm/noticias'),
  ]),
  leaf('relatorios', 'Relatórios', '/relatorios', { icon: 'pi pi-chart-bar' }),
  leaf('documentos', 'Documentos', '/documentos', { icon: 'pi pi-file' }),
  leaf('relatorios-adm', 'Relatórios admin', '/relatorios-adm', { icon: 'pi pi-chart-line' }),
];

/** Links of the external pages: kept in one place so they are easy to change. */
export const EXTERNAL_LINKS = {
  precos: 'https://jornada.app.br/precos',
  download: 'https://jornada.app.br/downloads',
  suporte: 'https://suporte.jornada.app.br',
} as const;

export const SYSTEM_MENU: readonly MenuItem[] = [
  leaf('usuarios', 'Usuários', '/sistema/usuarios', { icon: 'pi pi-users' }),
  leaf('perfis', 'Perfis e Permissões', '/sistema/perfis-permissoes', { icon: 'pi pi-lock' }),
  leaf('logs', 'Logs de Operações', '/sistema/logs-operacoes', { icon: 'pi pi-list' }),
  leaf('politica-privacidade', 'Políticas de Privacidade', '/sistema/politica-privacidade', {
    icon: 'pi pi-eye',
    reading: 'alt',
  }),
  { key: 'download', nome: 'Download', codigo: LOGGED_IN_CODE, href: EXTERNAL_LINKS.download, icon: 'pi pi-download' },
  {
    key: 'suporte',
    nome: 'Suporte',
    codigo: LOGGED_IN_CODE,
    href: EXTERNAL_LINKS.suporte,
    icon: 'pi pi-question-circle',
  },
  leaf('autorizacao-suporte', 'Autorização de Suporte', '/sistema/autorizacao-suporte', { icon: 'pi pi-key' }),
  leaf('sobre', 'Sobre o Sistema', '/sistema/sobre', { icon: 'pi pi-info-circle' }),
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
