import { ADMIN, expect, loginFromScratch, test } from './helpers';

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
}

test('cada tela do seed 000 abre para o administrador do cliente', async ({ page }) => {
  // Dozens of screens in one journey: a minute and more when the other worker's journey calculates.
  test.setTimeout(240_000);
  await loginFromScratch(page, ADMIN);
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
  await loginFromScratch(page, 'superadmin@jornada.demo');
  for (const [path, heading] of PROVIDER_ROUTES) await expectWorkingScreen(page, path, heading);
});
