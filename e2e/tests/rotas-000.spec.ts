import { ADMIN, englishLabels, expect, login, test } from './helpers';

/**
 * Issue 9 "done means": every route of seed 000 opens a working screen, as the
 * demo administrator and as the provider. Each page must show its title, and
 * none may fall back to 'Em construção', the 404 or the 401 page; the fixture
 * fails on any page error or CSP violation on the way.
 */
const CUSTOMER_ROUTES: [path: string, heading: RegExp][] = [
  ['/cadastros/empresas', /^Empresas$/],
  ['/cadastros/empresas/nova', /Nova empresa/],
  ['/cadastros/feriados', /^Feriados$/],
  ['/cadastros/centros-custos', /Centros de Custos/],
  ['/cadastros/cargos', /^Cargos$/],
  ['/cadastros/justificativas', /^Justificativas$/],
  ['/cadastros/motivos-afastamento', /Motivos de Afastamento/],
  ['/sistema/usuarios', /^Usuários$/],
  ['/sistema/perfis-permissoes', /Perfis e Permissões/],
  ['/sistema/logs-operacoes', /Logs de Operações/],
  ['/sistema/politica-privacidade', /Política de Privacidade/],
  ['/sistema/autorizacao-suporte', /Autorização de Suporte/],
  ['/sistema/noticias', /Notícias/],
  ['/sistema/sobre', /Sobre/],
  ['/conta/meus-dados', /Meus Dados/],
  // Screens of seeds 001 and 002 that exist, for the labels in English (issue 24 §8).
  ['/cadastros/escalas-horarios', /Escalas de Horários/],
  ['/cadastros/funcionarios', /^Funcionários$/],
  ['/movimento/calculo-ponto', /Cálculo do Ponto/],
  ['/movimento/controle-ponto', /Controle do Ponto/],
  ['/movimento/solicitacoes', /^Solicitações$/],
  ['/movimento/concluir-fechar-periodo', /Fechar Período|Concluir/],
  ['/relatorios/espelho-ponto', /Espelho/],
  ['/documentos/arquivo-afd', /Arquivo AFD|AFD/],
  ['/documentos/historico', /Histórico/],
];

const PROVIDER_ROUTES: [path: string, heading: RegExp][] = [
  ['/cadastro/adm/clientes', /^Clientes$/],
  ['/cadastro/adm/planos', /^Planos$/],
  ['/cadastro/adm/noticias', /Notícias/],
  ['/cadastro/adm/upload', /^Update-Funcionarios$/],
  ['/relatorios-adm', /Relatórios admin|Uso dos planos|Relatório/],
];

async function expectWorkingScreen(page: import('@playwright/test').Page, path: string, heading: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).first()).toBeVisible();
  await expect(page.getByText('Em construção')).toHaveCount(0);
  await expect(page.getByText('Página não encontrada')).toHaveCount(0);
  await expect(page).not.toHaveURL(/nao-autorizado|erro404|\/login/);
  // PrimeReact's labels in Portuguese: no English reaches a user or a screen reader (issue 24 §8).
  expect(await englishLabels(page), path).toEqual([]);
}

/** The login page, in Portuguese too, then in. */
async function enter(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
  expect(await englishLabels(page), '/login').toEqual([]);
  await login(page, email);
  // Keyboard focus shows on the top bar (issue 24 §13): the first Tab lands on the menu button.
  await expect(page.locator('.top-bar')).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const foco = await page.evaluate(() => {
    const e = document.activeElement as HTMLElement;
    return { dentro: e.closest('.top-bar') !== null, contorno: getComputedStyle(e).outlineStyle };
  });
  expect(foco).toEqual({ dentro: true, contorno: 'solid' });
}

test('cada tela do seed 000 abre para o administrador do cliente', async ({ page }) => {
  // Dozens of screens in one journey: a minute and more when the other worker's journey calculates.
  test.setTimeout(240_000);
  await enter(page, ADMIN);
  for (const [path, heading] of CUSTOMER_ROUTES) await expectWorkingScreen(page, path, heading);
  // The edit routes with an id: the first row's edit button of each list.
  await page.goto('/sistema/usuarios');
  await page
    .getByRole('button', { name: /Editar/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sistema\/usuarios\/\d+\/editar$/);
  await expect(page.getByText('Em construção')).toHaveCount(0);
  await page.goto('/cadastros/empresas');
  await page
    .getByRole('button', { name: /Editar/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cadastros\/empresas\/\d+\/editar$/);
  await expect(page.getByText('Em construção')).toHaveCount(0);
});

test('cada tela do provedor abre para a conta do provedor', async ({ page }) => {
  await enter(page, 'superadmin@jornada.demo');
  for (const [path, heading] of PROVIDER_ROUTES) await expectWorkingScreen(page, path, heading);
});
